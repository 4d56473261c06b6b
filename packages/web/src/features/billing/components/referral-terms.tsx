import { List, Text, Title } from '@mantine/core';
import { REFERRAL_TERMS } from '@app/shared/api/billing';

const T = REFERRAL_TERMS;

/** Spec §6 programme terms, every number from REFERRAL_TERMS. */
export const REFERRAL_TERM_LINES: readonly string[] = [
  `${String(T.freeMonthsPerReferral)} free month for each friend you refer, once their first payment is confirmed.`,
  `${String(T.commissionPct)}% commission on the payments of the users you refer, for their first ${String(T.commissionMonths)} months.`,
  `A €${String(T.bonusEur)} bonus for every ${String(T.bonusEveryReferrals)} referrals, once they have used StockPulse for ${String(T.bonusAfterMonths)} months.`,
  `High-ticket (Enterprise) sales: ${String(T.enterpriseCommissionPct)}% commission, plus a €${String(T.enterpriseBonusEur)} bonus after ${String(T.enterpriseBonusAfterSales)} large sales.`,
];

export function ReferralTerms() {
  return (
    <section aria-labelledby="referral-terms-title">
      <Title order={2} size="h3" id="referral-terms-title" mb="xs">
        How the programme works
      </Title>
      <Text mb="sm">
        Share your link or your referral code. When someone registers with it and becomes a paying
        subscriber, you earn:
      </Text>
      <List spacing="xs">
        {REFERRAL_TERM_LINES.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed" mt="sm">
        A referral counts once per person and never for yourself. A refunded or charged-back payment
        takes back the commission it earned. Rewards are listed below as they are earned.
      </Text>
    </section>
  );
}
