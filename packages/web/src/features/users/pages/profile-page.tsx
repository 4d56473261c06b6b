import { Center, Grid, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../api/current-user';
import { HumanValidationCard } from '../components/human-validation-card';
import { PreferencesCard, ProfileDetailsCard } from '../components/profile-details-card';
import { ReferralCodeCard } from '../components/referral-code-card';
import { TelegramCard } from '../components/telegram-card';
import { UserCard } from '../components/user-card';
import type { UserFlagKey } from '../profile-fields';

/**
 * /pages/user (spec §2 profile page; guard 'user'): profile, preferences, referral, Telegram, and
 * the subscription card, which the billing feature draws: users may not import billing (billing
 * depends on users), so app/ hands it in as `subscriptionCard`.
 */
export function ProfilePage({
  subscriptionCard,
  notificationsCard,
  browserNotificationsCard,
  notificationPlanLocks,
}: {
  subscriptionCard?: ReactNode;
  /** The alerts feature's settings card (time zone, quiet hours, cap), handed in by app/. */
  notificationsCard?: ReactNode;
  /** The alerts feature's browser notifications card (Web Push), beside Telegram. */
  browserNotificationsCard?: ReactNode;
  /** The notifications the user's plan lacks, with the plan that includes each (alerts feature). */
  notificationPlanLocks?: Partial<Record<UserFlagKey, string>>;
}) {
  // Spec §7: the profile fetches the user on load.
  const { user } = useCurrentUser({ reload: true });
  if (!user) {
    return (
      <Center mih={240} role="status" aria-label="Loading your profile">
        <Loader />
      </Center>
    );
  }
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: 2, lg: 1 }}>
        <Stack gap="lg">
          <ProfileDetailsCard user={user} />
          <PreferencesCard user={user} planLocks={notificationPlanLocks} />
          {notificationsCard}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }} order={{ base: 1, lg: 2 }}>
        <Stack gap="lg">
          <UserCard user={user} />
          {subscriptionCard}
          <HumanValidationCard user={user} />
          <TelegramCard chatId={user.my_telegram_chat_id} />
          {browserNotificationsCard}
          <ReferralCodeCard code={user.share_referral_code} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
