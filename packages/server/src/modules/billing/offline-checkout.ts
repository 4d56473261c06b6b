import { PLANS, type SubscriptionState } from '@app/shared/api/billing';
import type { Clock } from '../../clock.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import {
  newOfflineId,
  OFFLINE_DECLINE_CARD,
  OFFLINE_TEST_CARD,
} from '../../providers/payments/offline-payments.ts';
import type { PaymentEvent, PaymentsProvider } from '../../providers/payments/payments-provider.ts';
import type { BillingRepository, BillingUser } from './billing.repository.ts';
import { epoch, type Json } from './event-fields.ts';
import { isPlanId, planPriceCents } from './plans.ts';

const MONTH_SECONDS = 30 * 86_400;

/**
 * The offline provider's checkout and portal pages: each action is turned into the signed events
 * a real provider would send, handled by the same webhook path (so offline and Stripe differ
 * only in who signs).
 */
export function createOfflineCheckout(deps: {
  repository: BillingRepository;
  provider: PaymentsProvider;
  clock: Clock;
  handleWebhook: (rawBody: Buffer, signatureHeader: string) => Promise<unknown>;
  requireUser: (userId: string) => Promise<BillingUser>;
  stateOf: (user: BillingUser) => SubscriptionState;
}) {
  const { repository, provider, clock, handleWebhook, requireUser, stateOf } = deps;

  /** Builds, signs and handles an offline event exactly as a provider's webhook call. */
  async function emit(type: string, object: Json): Promise<void> {
    if (!provider.sign) throw notFound('Not found.');
    const event: PaymentEvent = {
      id: newOfflineId('evt'),
      type,
      created: Math.floor(clock.now().getTime() / 1000),
      data: { object },
    };
    const { body, header } = provider.sign(event);
    await handleWebhook(Buffer.from(body, 'utf8'), header);
  }

  async function liveSession(id: string, kind: 'checkout' | 'portal') {
    const session = await repository.session(id, kind);
    if (!session || session.expires_at.getTime() < clock.now().getTime()) {
      throw notFound('This session has expired.');
    }
    return session;
  }
  return {
    /** Offline: the checkout page's facts. */
    async offlineCheckout(sessionId: string) {
      const session = await liveSession(sessionId, 'checkout');
      const plan = PLANS.find((p) => p.id === session.plan);
      return { session, plan, completed: session.completed_at !== null };
    },

    /**
     * Offline: pays a checkout with a test card. The accepted card produces the signed events a
     * real checkout would (session completed, subscription created, invoice paid); others fail.
     */
    async offlinePay(
      sessionId: string,
      cardNumber: string,
    ): Promise<{ ok: true; redirect: string } | { ok: false; error: string }> {
      const session = await liveSession(sessionId, 'checkout');
      const card = cardNumber.replace(/[\s-]/g, '');
      if (card === OFFLINE_DECLINE_CARD) return { ok: false, error: 'Your card was declined.' };
      if (card !== OFFLINE_TEST_CARD) return { ok: false, error: 'Your card number is incorrect.' };
      if (!isPlanId(session.plan)) return { ok: false, error: 'Unknown product.' };
      if (!(await repository.completeSession(session.id, clock.now()))) {
        return { ok: true, redirect: session.success_url };
      }
      const user = await requireUser(session.user_id);
      const customer = user.payment_customer_id ?? `cus_offline_${user.id}`;
      const subscription = newOfflineId('sub');
      const nowSeconds = Math.floor(clock.now().getTime() / 1000);
      const trialEnd = nowSeconds + session.trial_days * 86_400;
      const periodEnd = session.trial_days > 0 ? trialEnd : nowSeconds + MONTH_SECONDS;
      const metadata = { user_id: user.id, plan: session.plan };
      await emit('checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        customer,
        subscription,
        client_reference_id: user.id,
        metadata,
      });
      await emit('customer.subscription.created', {
        id: subscription,
        object: 'subscription',
        customer,
        status: session.trial_days > 0 ? 'trialing' : 'active',
        cancel_at_period_end: false,
        current_period_end: periodEnd,
        metadata,
      });
      await emit('invoice.paid', {
        id: newOfflineId('in'),
        object: 'invoice',
        customer,
        subscription,
        amount_paid: session.trial_days > 0 ? 0 : planPriceCents(session.plan),
        currency: 'usd',
        lines: { data: [{ period: { start: nowSeconds, end: periodEnd } }] },
        metadata,
      });
      return { ok: true, redirect: session.success_url };
    },

    /** Offline: the portal page's facts. */
    async offlinePortal(sessionId: string) {
      const session = await liveSession(sessionId, 'portal');
      const user = await requireUser(session.user_id);
      return { session, state: stateOf(user) };
    },

    /** Offline: change plan, cancel at period end or resume, as signed subscription updates. */
    async offlinePortalAction(sessionId: string, action: string, plan: string) {
      const session = await liveSession(sessionId, 'portal');
      const user = await requireUser(session.user_id);
      if (!user.payment_subscription_id || !user.payment_customer_id) {
        throw badRequest('There is no subscription to change.');
      }
      if (action === 'change' && !isPlanId(plan)) throw badRequest(`Unknown product '${plan}'.`);
      if (!['change', 'cancel', 'resume'].includes(action))
        throw badRequest(`Unknown action '${action}'.`);
      await emit('customer.subscription.updated', {
        id: user.payment_subscription_id,
        object: 'subscription',
        customer: user.payment_customer_id,
        status: user.subscription_status || 'active',
        cancel_at_period_end:
          action === 'cancel' ? true : action === 'resume' ? false : user.cancel_at_period_end,
        current_period_end: epoch(user.current_period_end),
        metadata: { user_id: user.id, plan: action === 'change' ? plan : user.subscription },
      });
      return session;
    },
  };
}
