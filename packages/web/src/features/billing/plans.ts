import { formatPrice } from '@app/shared/display/format';
import { PLANS } from '@app/shared/api/billing';
import type { PlanInfo, SubscriptionState, SubscriptionStatus } from '@app/shared/api/billing';

/** The plan of `id` (a product id or 'enterprise'), if it is one of ours. */
export function planInfo(id: string): PlanInfo | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** The plan's name ('Basic'), or the id itself for a plan this build does not know. */
export function planName(id: string): string {
  return planInfo(id)?.name ?? id;
}

/** '$10 / month', or 'By quote' for enterprise. */
export function planPrice(plan: PlanInfo): string {
  return plan.price_usd === null ? 'By quote' : `$${String(plan.price_usd)} / month`;
}

/** Our words for the subscription statuses (docs/domain-rules.md "Billing"). */
export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  '': 'No plan',
  incomplete: 'Awaiting payment',
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Cancelled',
};

/** A plan the user holds now: paid, in trial, or overdue but not yet cancelled. */
export function hasPlan(state: SubscriptionState | undefined): state is SubscriptionState {
  if (!state || state.subscription === '') return false;
  return (
    state.subscription_status === 'active' ||
    state.subscription_status === 'trialing' ||
    state.subscription_status === 'past_due'
  );
}

/** The verified payment went through: /success may show the plan. */
export function isConfirmed(state: SubscriptionState | undefined): state is SubscriptionState {
  return (
    state !== undefined &&
    state.subscription !== '' &&
    state.entitled &&
    (state.subscription_status === 'active' || state.subscription_status === 'trialing')
  );
}

/** Euro cents as '€12.50' ('-€3.00' for a reversal). */
export function formatEuros(cents: number): string {
  return formatPrice(cents / 100, 'EUR');
}

/** The server's portal: a browser navigation authenticated by the session cookie (spec §7). */
export const PORTAL_HREF = '/api/payment/portal';

export const ENTERPRISE_SUBJECT = 'Enterprise plan enquiry';
export const ENTERPRISE_BODY =
  'Hello,\n\nWe are interested in the StockPulse Enterprise plan for our team. ' +
  'Please send us a quote.\n\nCompany:\nTeam size:\nWhat we need:\n';

/**
 * Spec §2: Enterprise 'Contact Us' opens the contact form prefilled with subject and body (the
 * contact page reads them from the hash).
 */
export const ENTERPRISE_CONTACT_HREF = `/contact#${new URLSearchParams({
  subject: ENTERPRISE_SUBJECT,
  message: ENTERPRISE_BODY,
}).toString()}`;
