import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { LoginPrompt } from '../../../components/login-prompt';
import { useCurrentUser } from '../../users';
import { useReferrals } from '../api/referrals';
import { ReferralLedger } from '../components/referral-ledger';
import { ReferralShare } from '../components/referral-share';
import { ReferralTerms } from '../components/referral-terms';

/**
 * /affiliates (spec §2, §6): the programme's terms for everyone; a logged-in user with a referral
 * code gets the share link and code, and their referrals and earnings (GET /payment/referrals);
 * visitors are told to log in or register.
 */
export function AffiliatesPage() {
  const { token, user } = useCurrentUser();
  const loggedIn = token !== null;
  const referrals = useReferrals(loggedIn);
  const code = referrals.data?.code || user?.share_referral_code || '';

  return (
    <Stack gap="xl" maw={880}>
      <Stack gap={4}>
        <Title order={1}>Referral programme</Title>
        <Text c="dimmed">Invite friends to StockPulse and earn rewards when they subscribe.</Text>
      </Stack>
      <ReferralTerms />
      {!loggedIn ? (
        <LoginPrompt />
      ) : referrals.isPending ? (
        <Center mih={120}>
          <Loader aria-label="Loading your referrals" />
        </Center>
      ) : (
        <>
          {code ? (
            <ReferralShare code={code} username={user?.username ?? ''} />
          ) : (
            <Text>Your account has no referral code yet.</Text>
          )}
          {referrals.isError ? (
            <Text c="red" role="alert">
              {referrals.error.message}
            </Text>
          ) : (
            <ReferralLedger referrals={referrals.data} />
          )}
        </>
      )}
    </Stack>
  );
}
