import {
  PLANS,
  REFERRAL_TERMS,
  type PlanId,
  type SubscriptionState,
} from '@app/shared/api/billing';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import {
  newOfflineId,
  OFFLINE_DECLINE_CARD,
  OFFLINE_TEST_CARD,
} from '../../providers/payments/offline-payments.ts';
import {
  InvalidSignatureError,
  type PaymentEvent,
  type PaymentsProvider,
} from '../../providers/payments/payments-provider.ts';
import type { BillingRepository, BillingUser, SubscriptionChange } from './billing.repository.ts';
import {
  entitlementsOf,
  isEntitled,
  isPlanId,
  planPriceCents,
  toOurStatus,
  TRIAL_DAYS,
} from './plans.ts';
import {
  BONUS_CENTS,
  bonusesOwed,
  commissionCents,
  ENTERPRISE_BONUS_CENTS,
  enterpriseBonusesOwed,
  extendedPeriodEnd,
  reversalCents,
} from './referrals.ts';

type Json = Record<string, unknown>;
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' ? (value as Json) : {};
const first = (list: unknown): Json => {
  const data = obj(list).data;
  return Array.isArray(data) ? obj(data[0]) : {};
};
/** Latest epoch second we store (year 9999); a later one in an event is ignored. */
const MAX_EPOCH_SECONDS = 253_402_300_799;
const epochDate = (seconds: number | undefined) =>
  seconds === undefined || seconds < 0 || seconds > MAX_EPOCH_SECONDS
    ? undefined
    : new Date(seconds * 1000);
const epoch = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

const MONTH_SECONDS = 30 * 86_400;
/** Rows of each list in the admin payments view. */
const ADMIN_LIST_SIZE = 50;

export const INVALID_SIGNATURE = 'Invalid signature';

/**
 * Plans, payments and referrals (issue 13). Subscription state changes only here, and only from
 * verified provider events: each stored once (a replay does nothing), subscription events applied
 * in the order of their own creation time (an older one arriving late is ignored).
 */
export function createBillingService(deps: {
  repository: BillingRepository;
  provider: PaymentsProvider;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Price ids of the provider → our plan ids (Stripe). */
  planOfPrice: (priceId: string) => string | undefined;
}) {
  const { repository, provider, clock, log } = deps;
  const siteUrl = () => (provider.name === 'offline' ? '' : deps.publicUrl);

  async function userOf(object: Json): Promise<BillingUser | undefined> {
    const userId = str(object.client_reference_id) ?? str(obj(object.metadata).user_id);
    const byId =
      userId && /^[0-9a-f-]{36}$/.test(userId) ? await repository.userById(userId) : undefined;
    if (byId) return byId;
    const customer = str(object.customer);
    return customer ? repository.userByCustomer(customer) : undefined;
  }

  /** Whether an event is older than the one that last set the user's subscription status. */
  const olderThanState = (user: BillingUser, at: Date) =>
    user.subscription_event_at !== null && at.getTime() < user.subscription_event_at.getTime();

  async function applySubscription(event: PaymentEvent, user: BillingUser, at: Date) {
    const sub = event.data.object;
    if (olderThanState(user, at)) {
      log.info({ event: event.id }, 'billing: older subscription event ignored');
      return;
    }
    const item = first(sub.items);
    const priceId = str(obj(item.price).id);
    // The price decides (a plan changed in Stripe's portal keeps the old metadata); our own
    // offline events name the plan in metadata.
    const plan =
      (priceId ? deps.planOfPrice(priceId) : undefined) ??
      str(obj(sub.metadata).plan) ??
      user.subscription;
    const periodEnd = epochDate(num(sub.current_period_end) ?? num(item.current_period_end));
    const change: SubscriptionChange = {
      subscription: plan,
      subscription_status:
        event.type === 'customer.subscription.deleted'
          ? 'canceled'
          : toOurStatus(str(sub.status) ?? ''),
      cancel_at_period_end: sub.cancel_at_period_end === true,
      subscription_event_at: at,
      ...(str(sub.id) && { payment_subscription_id: str(sub.id) }),
      ...(str(sub.customer) && { payment_customer_id: str(sub.customer) }),
      ...(periodEnd && { current_period_end: periodEnd }),
    };
    await repository.updateUser(user.id, change);
  }

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
    const bonuses = bonusesOwed(
      await repository.qualificationsOf(referrer.id),
      at,
      await repository.countKind(referrer.id, 'bonus', 'bonus:'),
    );
    const paidBonuses = await repository.countKind(referrer.id, 'bonus', 'bonus:');
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

  async function apply(event: PaymentEvent): Promise<void> {
    const object = event.data.object;
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed': {
        const user = await userOf(object);
        if (!user) return;
        const plan = str(obj(object.metadata).plan);
        await repository.updateUser(user.id, {
          ...(str(object.customer) && { payment_customer_id: str(object.customer) }),
          ...(str(object.subscription) && { payment_subscription_id: str(object.subscription) }),
          // The subscription events say whether it is paid; until then the checkout is incomplete.
          ...(!isEntitled(user, at) &&
            plan && { subscription: plan, subscription_status: 'incomplete' }),
        });
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const user = await userOf(object);
        if (user) await applySubscription(event, user, at);
        return;
      }
      case 'invoice.paid': {
        const user = await userOf(object);
        if (!user) return;
        const periodEnd = epochDate(num(obj(first(object.lines).period).end));
        const restores =
          ['past_due', 'incomplete'].includes(user.subscription_status) &&
          !olderThanState(user, at);
        await repository.updateUser(user.id, {
          ...(restores && { subscription_status: 'active', subscription_event_at: at }),
          ...(periodEnd &&
            (!user.current_period_end || periodEnd > user.current_period_end) && {
              current_period_end: periodEnd,
            }),
        });
        await rewardReferral(user, object, at);
        return;
      }
      case 'invoice.payment_failed': {
        const user = await userOf(object);
        if (
          user &&
          ['active', 'trialing'].includes(user.subscription_status) &&
          !olderThanState(user, at)
        ) {
          await repository.updateUser(user.id, {
            subscription_status: 'past_due',
            subscription_event_at: at,
          });
        }
        return;
      }
      case 'charge.refunded':
        await reverseCommission(object, at, 'refund');
        return;
      case 'charge.dispute.created':
        await reverseCommission(object, at, 'chargeback');
        return;
      default:
        return;
    }
  }

  /** Verifies, stores once and applies a provider event (the webhook, and our offline pages). */
  async function handleWebhook(
    rawBody: Buffer,
    signatureHeader: string,
  ): Promise<{ duplicate: boolean }> {
    let event: PaymentEvent;
    try {
      event = provider.verifyWebhook(rawBody, signatureHeader);
    } catch (error) {
      if (error instanceof InvalidSignatureError) throw badRequest(INVALID_SIGNATURE);
      throw error;
    }
    if (!str(event.id) || !str(event.type) || num(event.created) === undefined) {
      throw badRequest('Invalid event');
    }
    const fresh = await repository.recordEvent({
      id: event.id,
      type: event.type,
      created: new Date(event.created * 1000),
      payload: event,
      receivedAt: clock.now(),
    });
    if (!fresh) return { duplicate: true };
    try {
      await apply({ ...event, data: { object: obj(obj(event.data).object) } });
      await repository.finishEvent(event.id, clock.now(), null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repository.finishEvent(event.id, clock.now(), message);
      log.error({ err: error, event: event.id }, 'billing: event failed');
      throw error;
    }
    return { duplicate: false };
  }

  async function requireUser(userId: string): Promise<BillingUser> {
    const user = await repository.userById(userId);
    if (!user) throw notFound('Unknown user.');
    return user;
  }

  const customerOf = (user: BillingUser) => ({
    id: user.id,
    email: user.email,
    customerId: user.payment_customer_id,
  });

  function stateOf(user: BillingUser): SubscriptionState {
    return {
      subscription: user.subscription,
      subscription_status:
        user.subscription_status === '' ? '' : toOurStatus(user.subscription_status),
      entitled: entitlementsOf(user, clock.now()).subscriber,
      current_period_end: epoch(user.current_period_end),
      cancel_at_period_end: user.cancel_at_period_end,
    };
  }

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
    provider: provider.name,
    handleWebhook,

    async checkout(userId: string, product: string, trial: boolean): Promise<string> {
      if (!isPlanId(product)) throw badRequest(`Unknown product '${product}'.`);
      const user = await requireUser(userId);
      // A trial only for someone who came from /register?trial= and never subscribed.
      const trialDays = trial && user.payment_subscription_id === null ? TRIAL_DAYS : 0;
      const { url, customerId } = await provider.createCheckout({
        user: customerOf(user),
        plan: product,
        trialDays,
        // Our own pages redirect within the site (a form post may only lead to 'self' under
        // the CSP); Stripe needs absolute addresses.
        successUrl: `${siteUrl()}/success`,
        cancelUrl: `${siteUrl()}/Cancel`,
      });
      if (customerId && customerId !== user.payment_customer_id && provider.name === 'stripe') {
        await repository.updateUser(user.id, { payment_customer_id: customerId });
      }
      return url;
    },

    /** The provider's portal, or /pricing for someone with nothing to manage yet. */
    async portal(userId: string): Promise<string> {
      const user = await requireUser(userId);
      if (!user.payment_customer_id) return '/pricing';
      return provider.portalUrl(customerOf(user), `${siteUrl()}/profile`);
    },

    async status(userId: string): Promise<SubscriptionState> {
      return stateOf(await requireUser(userId));
    },

    async cancelFeedback(userId: string, reason: string, text: string) {
      await repository.addCancelFeedback(userId, reason, text, clock.now());
    },

    async referrals(userId: string) {
      const user = await requireUser(userId);
      const ledger = await repository.ledgerOf(userId);
      return {
        code: user.share_referral_code,
        referred: await repository.referredCount(userId),
        qualified: ledger.filter((row) => row.kind === 'free_month').length,
        earned_cents: ledger.reduce((sum, row) => sum + row.amount_cents, 0),
        ledger: ledger.map((row) => ({
          date: Math.floor(row.created_at.getTime() / 1000),
          kind: row.kind,
          amount_cents: row.amount_cents,
          description: row.description,
        })),
      };
    },

    /** The admin payments view: subscriptions, events received, failed webhooks, ledger totals. */
    async adminOverview() {
      const seconds = (date: Date | null) => epoch(date);
      const event = (row: Awaited<ReturnType<BillingRepository['recentEvents']>>[number]) => ({
        id: row.id,
        type: row.type,
        created: Math.floor(row.created.getTime() / 1000),
        received: Math.floor(row.received_at.getTime() / 1000),
        processed: seconds(row.processed_at),
        error: row.error,
      });
      // Five small indexed reads, at once.
      const [subscriptions, events, failed, ledger, feedback] = await Promise.all([
        repository.subscriptionCounts(),
        repository.recentEvents(ADMIN_LIST_SIZE, false),
        repository.recentEvents(ADMIN_LIST_SIZE, true),
        repository.ledgerTotals(),
        repository.recentFeedback(ADMIN_LIST_SIZE),
      ]);
      return {
        provider: provider.name,
        subscriptions: subscriptions.map((row) => ({
          plan: row.subscription,
          status: row.subscription_status,
          count: Number(row.n),
        })),
        events: events.map(event),
        failed_events: failed.map(event),
        ledger_totals: ledger.map((row) => ({
          kind: row.kind,
          entries: Number(row.n),
          amount_cents: Number(row.cents),
        })),
        cancel_feedback: feedback.map((row) => ({
          username: row.username,
          reason: row.reason,
          text: row.text,
          date: Math.floor(row.created_at.getTime() / 1000),
        })),
      };
    },

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

export type BillingService = ReturnType<typeof createBillingService>;
