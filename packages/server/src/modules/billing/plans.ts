import { PLAN_IDS, PLANS, type PlanId, type SubscriptionStatus } from '@app/shared/api/billing';
import { FREE_DAILY_PROMPTS } from '@app/shared/api/prompts';
import { DAY_MS } from '@app/shared/dates';

/**
 * Plans and entitlements in one place (spec §2 and §9): what each plan gives, and
 * which plan a user's subscription gives now. Every other module asks `entitlementsOf`.
 *
 * Status rules (docs/domain-rules.md "Billing"):
 * - `active`, `trialing`: the plan applies.
 * - `past_due`: the plan still applies for a grace of PAST_DUE_GRACE_DAYS after the paid period's
 *   end (the provider retries the card meanwhile); after that, free.
 * - `canceled`, `incomplete`, '': free.
 */
export type PlanName = 'free' | PlanId;

export type AlertKind = 'messaging' | 'instant';
export type DigestFrequency = 'none' | 'weekly' | 'daily';

export type PlanEntitlements = {
  /** What messages call the plan. */
  label: string;
  /** AI prompts a day (business day, UTC). */
  aiDailyQuota: number;
  /** AI queue priority: higher runs first. */
  aiPriority: number;
  alertKinds: readonly AlertKind[];
  digest: DigestFrequency;
  /** Weekly AI review of the portfolio (Basic) or continuous insights (Standard). */
  portfolioReview: 'none' | 'weekly' | 'insights';
  /** Named screens of the screener the user may keep. */
  savedScreens: number;
  /** Alert rules a user may keep (price, move, keyword …); null: no limit. */
  alertRules: number | null;
};

/** Days a `past_due` subscription keeps its plan after the period end. */
export const PAST_DUE_GRACE_DAYS = 7;
/** Days of trial a visitor who came from `/register?trial={tier}` gets on the first checkout. */
export const TRIAL_DAYS = 7;

const planName = (id: PlanId) => PLANS.find((plan) => plan.id === id)?.name ?? id;

export const PLAN_ENTITLEMENTS: Readonly<Record<PlanName, PlanEntitlements>> = {
  free: {
    label: 'free',
    aiDailyQuota: FREE_DAILY_PROMPTS,
    aiPriority: 0,
    alertKinds: [],
    digest: 'none',
    portfolioReview: 'none',
    savedScreens: 3,
    alertRules: 5,
  },
  tier1_monthly: {
    label: planName('tier1_monthly'),
    aiDailyQuota: 100,
    aiPriority: 1,
    alertKinds: [],
    digest: 'none',
    portfolioReview: 'none',
    savedScreens: 10,
    alertRules: 10,
  },
  tier2_monthly: {
    label: planName('tier2_monthly'),
    aiDailyQuota: 500,
    aiPriority: 2,
    alertKinds: ['messaging'],
    digest: 'weekly',
    portfolioReview: 'weekly',
    savedScreens: 25,
    alertRules: 25,
  },
  tier3_monthly: {
    label: planName('tier3_monthly'),
    aiDailyQuota: 2_000,
    aiPriority: 3,
    alertKinds: ['messaging', 'instant'],
    digest: 'daily',
    portfolioReview: 'insights',
    savedScreens: 100,
    alertRules: 50,
  },
};

export const isPlanId = (value: string): value is PlanId =>
  (PLAN_IDS as readonly string[]).includes(value);

/** The price of a paid plan in cents. */
export function planPriceCents(plan: PlanId): number {
  return (PLANS.find((p) => p.id === plan)?.price_usd ?? 0) * 100;
}

export type SubscriptionFacts = {
  subscription: string;
  subscription_status: string;
  /** The paid period's end; null when unknown. */
  current_period_end: Date | null;
};

/** Whether a subscription's plan applies at `now` (the status rules above). */
export function isEntitled(facts: SubscriptionFacts, now: Date): boolean {
  if (facts.subscription === '') return false;
  const status = facts.subscription_status as SubscriptionStatus;
  if (status === 'active' || status === 'trialing') return true;
  if (status === 'past_due' && facts.current_period_end) {
    return now.getTime() <= facts.current_period_end.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS;
  }
  return false;
}

/**
 * The plan a subscription gives now: its tier while entitled; an entitled subscription to a
 * product we do not know counts as the lowest paid tier; otherwise free.
 */
export function planOf(facts: SubscriptionFacts, now: Date): PlanName {
  if (!isEntitled(facts, now)) return 'free';
  return isPlanId(facts.subscription) ? facts.subscription : 'tier1_monthly';
}

/**
 * The plan from the subscription and its status alone, for callers that do not read the period
 * end: a `past_due` subscription then gets no grace.
 */
export function planOfStatus(subscription: string, status: string): PlanName {
  return planOf(
    { subscription, subscription_status: status, current_period_end: null },
    new Date(0),
  );
}

/** What the user may do now: the plan, whether it is a subscriber's, and its entitlements. */
export function entitlementsOf(
  facts: SubscriptionFacts,
  now: Date,
): PlanEntitlements & { plan: PlanName; subscriber: boolean } {
  const plan = planOf(facts, now);
  return { plan, subscriber: plan !== 'free', ...PLAN_ENTITLEMENTS[plan] };
}

/** Maps a provider's subscription status to ours (Stripe's extra values included). */
export function toOurStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
    case 'incomplete':
      return status;
    case 'unpaid':
      return 'past_due';
    case 'incomplete_expired':
    case 'paused':
      return 'canceled';
    default:
      return 'incomplete';
  }
}
