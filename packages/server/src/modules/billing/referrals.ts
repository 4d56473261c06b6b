import { REFERRAL_TERMS } from '@app/shared/api/billing';

/**
 * The referral programme's rules (spec §6), each a pure function over REFERRAL_TERMS.
 * The service applies them to verified payment events and appends what they answer to the ledger.
 *
 * - A referral is recorded at registration (`users.referred_by`, set once with a valid code);
 *   a self-referral and a second referral of the same person are refused.
 * - It qualifies on the referred user's first verified payment (an invoice paid with an amount):
 *   the referrer gets a free month.
 * - Commission: 20 % of each payment of a referred user during the 12 months after qualifying;
 *   15 % for an enterprise sale (a payment whose metadata says plan=enterprise).
 * - Bonus: €50 for every 5 qualified referrals that have used the product 3 months.
 * - Enterprise bonus: €500 for every 3 enterprise sales.
 * - A refund or a chargeback appends a reversal of the commission of that payment.
 */

const MONTH_MS = 30 * 86_400_000;

/** Why a referral may not be recorded, or null when it may. */
export function referralRefusal(
  referrerId: string,
  referredId: string,
  currentReferrer: string | null,
): string | null {
  if (referrerId === referredId) return 'You cannot refer yourself.';
  if (currentReferrer !== null) return 'This user was already referred.';
  return null;
}

/** Adds whole calendar-free months (30 days each) to a date. */
export const addMonths = (date: Date, months: number) =>
  new Date(date.getTime() + months * MONTH_MS);

/** The free month a qualified referral gives: the referrer's period end moves by a month. */
export function extendedPeriodEnd(periodEnd: Date | null, now: Date): Date {
  const from = periodEnd && periodEnd.getTime() > now.getTime() ? periodEnd : now;
  return addMonths(from, REFERRAL_TERMS.freeMonthsPerReferral);
}

/** Commission in cents on one payment of a referred user, 0 outside the commission window. */
export function commissionCents(payment: {
  amountCents: number;
  enterprise: boolean;
  qualifiedAt: Date;
  paidAt: Date;
}): number {
  if (payment.amountCents <= 0) return 0;
  const ends = addMonths(payment.qualifiedAt, REFERRAL_TERMS.commissionMonths);
  if (payment.paidAt.getTime() >= ends.getTime()) return 0;
  const pct = payment.enterprise
    ? REFERRAL_TERMS.enterpriseCommissionPct
    : REFERRAL_TERMS.commissionPct;
  return Math.round((payment.amountCents * pct) / 100);
}

/**
 * Bonuses of €50 still owed: one per 5 qualified referrals that have used the product for
 * 3 months, minus those already paid.
 */
export function bonusesOwed(qualifiedAt: readonly Date[], now: Date, paid: number): number {
  const seasoned = qualifiedAt.filter(
    (at) => addMonths(at, REFERRAL_TERMS.bonusAfterMonths).getTime() <= now.getTime(),
  ).length;
  return Math.max(0, Math.floor(seasoned / REFERRAL_TERMS.bonusEveryReferrals) - paid);
}

/** Enterprise bonuses of €500 still owed: one per 3 enterprise sales, minus those paid. */
export function enterpriseBonusesOwed(enterpriseSales: number, paid: number): number {
  return Math.max(0, Math.floor(enterpriseSales / REFERRAL_TERMS.enterpriseBonusAfterSales) - paid);
}

/** The reversal of a commission (a refund or chargeback of that payment). */
export function reversalCents(commission: number): number {
  return -Math.abs(commission);
}

export const BONUS_CENTS = REFERRAL_TERMS.bonusEur * 100;
export const ENTERPRISE_BONUS_CENTS = REFERRAL_TERMS.enterpriseBonusEur * 100;
