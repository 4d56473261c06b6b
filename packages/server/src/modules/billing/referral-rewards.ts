import { REFERRAL_TERMS, type PlanId } from '@app/shared/api/billing';
import type { PaymentsProvider } from '../../providers/payments/payments-provider.ts';
import type { BillingRepository, BillingUser } from './billing.repository.ts';
import { num, obj, str, type Json } from './event-fields.ts';
import { isPlanId, planPriceCents } from './plans.ts';
import {
  BONUS_CENTS,
  bonusesOwed,
  commissionCents,
  ENTERPRISE_BONUS_CENTS,
  enterpriseBonusesOwed,
  extendedPeriodEnd,
  reversalCents,
} from './referrals.ts';

/**
 * The referral ledger's side of verified payments: the referrer's free month on a
 * referred user's first payment, commissions, bonuses, and reversals on refunds and chargebacks.
 * The amounts and thresholds are the pure rules of referrals.ts.
 */
export function createReferralRewards(deps: {
  repository: BillingRepository;
  provider: PaymentsProvider;
}) {
  const { repository, provider } = deps;

  async function grantFreeMonth(referrer: BillingUser, referred: BillingUser, at: Date) {
    const plan: PlanId = isPlanId(referrer.subscription) ? referrer.subscription : 'tier1_monthly';
    const credited =
      referrer.payment_customer_id !== null &&
      (await provider.creditCustomer(
        referrer.payment_customer_id,
        planPriceCents(plan),
        `Free month for referring ${referred.username}`,
      ));
    if (!credited && referrer.subscription !== '') {
      await repository.updateUser(referrer.id, {
        current_period_end: extendedPeriodEnd(referrer.current_period_end, at),
      });
    }
  }

  /** The referral rewards of one verified payment of a referred user. */
  async function rewardReferral(user: BillingUser, invoice: Json, at: Date) {
    const amount = num(invoice.amount_paid) ?? 0;
    const invoiceId = str(invoice.id);
    if (!user.referred_by || amount <= 0 || !invoiceId) return;
    const referrer = await repository.userById(user.referred_by);
    if (!referrer) return;
    const entry = (
      kind: 'free_month' | 'commission' | 'bonus',
      cents: number,
      description: string,
      source: string,
    ) =>
      repository.appendLedger({
        referrer_id: referrer.id,
        referred_id: user.id,
        kind,
        amount_cents: cents,
        description,
        source,
        created_at: at,
      });

    let qualifiedAt = await repository.qualifiedAt(user.id);
    if (!qualifiedAt) {
      qualifiedAt = at;
      const first = await entry(
        'free_month',
        0,
        `${REFERRAL_TERMS.freeMonthsPerReferral} free month: ${user.username}'s first payment was verified`,
        `free-month:${user.id}`,
      );
      if (first) await grantFreeMonth(referrer, user, at);
    }
    const enterprise =
      str(obj(invoice.metadata).plan) === 'enterprise' ||
      str(obj(obj(obj(invoice.parent).subscription_details).metadata).plan) === 'enterprise';
    const commission = commissionCents({
      amountCents: amount,
      enterprise,
      qualifiedAt,
      paidAt: at,
    });
    if (commission > 0) {
      const pct = enterprise
        ? REFERRAL_TERMS.enterpriseCommissionPct
        : REFERRAL_TERMS.commissionPct;
      await entry(
        'commission',
        commission,
        `${pct} % commission on ${user.username}'s payment of ${(amount / 100).toFixed(2)} (${invoiceId})`,
        `${enterprise ? 'ent' : 'inv'}:${invoiceId}`,
      );
    }
    const paidBonuses = await repository.countKind(referrer.id, 'bonus', 'bonus:');
    const bonuses = bonusesOwed(await repository.qualificationsOf(referrer.id), at, paidBonuses);
    for (let i = 1; i <= bonuses; i += 1) {
      await entry(
        'bonus',
        BONUS_CENTS,
        `€${REFERRAL_TERMS.bonusEur} bonus: ${(paidBonuses + i) * REFERRAL_TERMS.bonusEveryReferrals} referrals with ${REFERRAL_TERMS.bonusAfterMonths} months of usage`,
        `bonus:${paidBonuses + i}`,
      );
    }
    const paidEnterprise = await repository.countKind(referrer.id, 'bonus', 'ent-bonus:');
    const enterpriseBonuses = enterpriseBonusesOwed(
      await repository.countKind(referrer.id, 'commission', 'ent:'),
      paidEnterprise,
    );
    for (let i = 1; i <= enterpriseBonuses; i += 1) {
      await entry(
        'bonus',
        ENTERPRISE_BONUS_CENTS,
        `€${REFERRAL_TERMS.enterpriseBonusEur} bonus: ${(paidEnterprise + i) * REFERRAL_TERMS.enterpriseBonusAfterSales} enterprise sales`,
        `ent-bonus:${paidEnterprise + i}`,
      );
    }
  }

  /** A refund or chargeback reverses the commission of that payment. */
  async function reverseCommission(object: Json, at: Date, why: string) {
    const invoiceId = str(object.invoice) ?? str(obj(object.metadata).invoice);
    if (!invoiceId) return;
    for (const prefix of ['inv', 'ent']) {
      for (const commission of await repository.commissionsOfSource(`${prefix}:${invoiceId}`)) {
        await repository.appendLedger({
          referrer_id: commission.referrer_id,
          referred_id: commission.referred_id,
          kind: 'reversal',
          amount_cents: reversalCents(commission.amount_cents),
          description: `Commission reversed: ${why} of payment ${invoiceId}`,
          source: `${prefix}:${invoiceId}`,
          created_at: at,
        });
      }
    }
  }

  return { rewardReferral, reverseCommission };
}
