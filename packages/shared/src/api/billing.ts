import { z } from 'zod';
import { successResponse } from './envelope.ts';

/*
 * Plans, payments and the referral programme (spec §1, §2 /pricing /success /Cancel /affiliates,
 * §6, §7 payment calls, §9 plans). Paths (under /api):
 *
 *   GET  /payment/plans                                    → plansResponseSchema (public)
 *   GET  /payment/create_checkout_session?product={tier}   → { status, url } (spec §7; login)
 *   GET  /payment/portal                                    → 302 to the provider's portal (spec §7;
 *                                                            a browser navigation, cookie auth)
 *   GET  /payment/status                                    → subscriptionStatusResponseSchema (login;
 *                                                            /success polls it)
 *   POST /payment/webhook                                   → the provider's signed events only
 *   POST /payment/cancel_feedback  { reason, text }         → { status } (the /Cancel page)
 *   GET  /payment/referrals                                  → referralsResponseSchema (login)
 *   (offline provider only) GET /payment/offline/checkout/{session} and /payment/offline/portal:
 *   our own test-mode checkout and portal pages, served by the server.
 */

/** Spec §9: the paid plans' product ids, cheapest first. */
export const PLAN_IDS = ['tier1_monthly', 'tier2_monthly', 'tier3_monthly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanInfo {
  id: PlanId | 'enterprise';
  name: string;
  /** Whole US dollars a month; null for enterprise (by quote). */
  price_usd: number | null;
  features: readonly string[];
}

/** Spec §2 pricing cards and §9 prices: the one list the server and the web read. */
export const PLANS: readonly PlanInfo[] = [
  {
    id: 'tier1_monthly',
    name: 'Supporter',
    price_usd: 1,
    features: ['Support independent market research', 'More AI answers a day'],
  },
  {
    id: 'tier2_monthly',
    name: 'Basic',
    price_usd: 10,
    features: ['Weekly email summaries', 'Weekly portfolio review', 'Messaging alerts'],
  },
  {
    id: 'tier3_monthly',
    name: 'Standard',
    price_usd: 29,
    features: ['Instant alerts', 'Daily emails', 'Portfolio insights', 'Messaging alerts'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price_usd: null,
    features: ['Custom quote', 'Everything in Standard', 'Team accounts and support'],
  },
];

/** Our subscription status values (spec §3 leaves them to us; docs/domain-rules.md explains them). */
export const SUBSCRIPTION_STATUSES = [
  '',
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const checkoutResponseSchema = successResponse({ url: z.string() });

export const subscriptionStatusSchema = z.object({
  /** The plan id (`tier2_monthly` …) or '' without one. */
  subscription: z.string(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
  /** Whether the plan's entitlements apply now (active, trialing, or past_due within the grace). */
  entitled: z.boolean(),
  /** Epoch seconds the paid period ends; null without a subscription. */
  current_period_end: z.number().nullable(),
  cancel_at_period_end: z.boolean(),
});
export type SubscriptionState = z.infer<typeof subscriptionStatusSchema>;
export const subscriptionStatusResponseSchema = successResponse(subscriptionStatusSchema.shape);

export const cancelFeedbackSchema = z.object({
  reason: z.enum(['too_expensive', 'missing_feature', 'not_useful', 'other']),
  text: z.string().trim().max(2000).default(''),
});

/** Spec §6 programme numbers, in one place (the server's ledger and the /affiliates page). */
export const REFERRAL_TERMS = {
  /** A free month for each referred user whose first payment is verified. */
  freeMonthsPerReferral: 1,
  /** Commission on the referred user's payments, for this many months. */
  commissionPct: 20,
  commissionMonths: 12,
  /** A bonus for every 5 qualified referrals, after 3 months of usage. */
  bonusEveryReferrals: 5,
  bonusEur: 50,
  bonusAfterMonths: 3,
  /** High-ticket (enterprise) sales. */
  enterpriseCommissionPct: 15,
  enterpriseBonusEur: 500,
  enterpriseBonusAfterSales: 3,
} as const;

export const referralEntrySchema = z.object({
  /** Epoch seconds. */
  date: z.number(),
  kind: z.enum(['free_month', 'commission', 'bonus', 'reversal']),
  /** Euro cents (negative for a reversal); 0 for a free month. */
  amount_cents: z.number().int(),
  /** What the entry is for, in words. */
  description: z.string(),
});
export const referralsResponseSchema = successResponse({
  code: z.string(),
  referred: z.number().int(),
  qualified: z.number().int(),
  /** Sum of the ledger, euro cents. */
  earned_cents: z.number().int(),
  ledger: z.array(referralEntrySchema),
});

const billingEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  /** Epoch seconds: when the provider created it, when we received it, when we applied it. */
  created: z.number(),
  received: z.number(),
  processed: z.number().nullable(),
  error: z.string().nullable(),
});

/** GET /payment/admin/overview (admins): the payments view of the admin panel. */
export const adminPaymentsResponseSchema = successResponse({
  provider: z.string(),
  subscriptions: z.array(z.object({ plan: z.string(), status: z.string(), count: z.number() })),
  events: z.array(billingEventSchema),
  failed_events: z.array(billingEventSchema),
  ledger_totals: z.array(
    z.object({ kind: z.string(), entries: z.number(), amount_cents: z.number() }),
  ),
  cancel_feedback: z.array(
    z.object({ username: z.string(), reason: z.string(), text: z.string(), date: z.number() }),
  ),
});
