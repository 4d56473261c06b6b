import type { SubscriptionState } from '@app/shared/api/billing';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import {
  InvalidSignatureError,
  type PaymentEvent,
  type PaymentsProvider,
} from '../../providers/payments/payments-provider.ts';
import type { BillingAdminRepository } from './billing-admin.repository.ts';
import type { BillingRepository, BillingUser, ReferralsRow } from './billing.repository.ts';

/** What a subscription's state is computed from (a billing read or the session's user row). */
type SubscriptionRow = Pick<
  BillingUser,
  'subscription' | 'subscription_status' | 'current_period_end' | 'cancel_at_period_end'
>;
import { epoch, obj } from './event-fields.ts';
import { eventProblem, malformedRecord } from './event-validation.ts';
import { createOfflineCheckout } from './offline-checkout.ts';
import { createPaymentEvents } from './payment-events.ts';
import type { ReferralCache } from './referral-cache.ts';
import { recentValue } from '../../cache/recent-value.ts';
import { entitlementsOf, isPlanId, toOurStatus, TRIAL_DAYS } from './plans.ts';

/** Rows of each list in the admin payments view. */
const ADMIN_LIST_SIZE = 50;

export const INVALID_SIGNATURE = 'Invalid signature';

/**
 * Plans, payments and referrals. Subscription state changes only here, and only from
 * verified provider events: each stored once (a replay does nothing), subscription events applied
 * in the order of their own creation time (an older one arriving late is ignored).
 */
/** How old the admin payments view may be (like the admin lists' totals). */
const ADMIN_OVERVIEW_TTL_MS = 5_000;

export function createBillingService(deps: {
  repository: BillingRepository;
  adminRepository: BillingAdminRepository;
  provider: PaymentsProvider;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Price ids of the provider → our plan ids (Stripe). */
  planOfPrice: (priceId: string) => string | undefined;
  /** Whether payments earn referral credit: false for a public server's test payments. */
  referralCredit: boolean;
  /** Referral pages kept in this process (REFERRAL_CACHE); absent: every read goes to the database. */
  referralCache?: ReferralCache<ReferralPage>;
}) {
  const { provider, clock, log, referralCache } = deps;
  const repository = referralCache
    ? withLedgerConfirmations(deps.repository, referralCache)
    : deps.repository;
  const siteUrl = () => (provider.name === 'offline' ? '' : deps.publicUrl);
  const { apply } = createPaymentEvents({ ...deps, repository });

  /**
   * The admin payments view: subscriptions, events received, failed webhooks, ledger totals.
   * Built at most every ADMIN_OVERVIEW_TTL_MS per process (five reads, two of them counts over
   * every paying user and the whole ledger): an admin's refresh may show it that old.
   */
  const adminOverview = recentValue(ADMIN_OVERVIEW_TTL_MS, async () => {
    const seconds = (date: Date | null) => epoch(date);
    const event = (row: Awaited<ReturnType<BillingAdminRepository['recentEvents']>>[number]) => ({
      id: row.id,
      type: row.type,
      created: Math.floor(row.created.getTime() / 1000),
      received: Math.floor(row.received_at.getTime() / 1000),
      processed: seconds(row.processed_at),
      error: row.error,
    });
    // Five small indexed reads, at once.
    const [subscriptions, events, failed, ledger, feedback] = await Promise.all([
      deps.adminRepository.subscriptionCounts(),
      deps.adminRepository.recentEvents(ADMIN_LIST_SIZE, false),
      deps.adminRepository.recentEvents(ADMIN_LIST_SIZE, true),
      deps.adminRepository.ledgerTotals(),
      deps.adminRepository.recentFeedback(ADMIN_LIST_SIZE),
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
  });

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
    const problem = eventProblem(event);
    if (problem) {
      // Signed by the provider yet unusable: kept where the admin's failed webhooks show it.
      const kept = malformedRecord(rawBody, event);
      await repository.recordEvent({
        id: kept.id,
        type: kept.type,
        created: clock.now(),
        payload: { malformed: kept.excerpt },
        receivedAt: clock.now(),
        error: `Invalid event: ${problem}`,
      });
      adminOverview.clear();
      log.warn({ event: kept.id, problem }, 'billing: malformed event refused');
      throw badRequest(`Invalid event: ${problem}.`);
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
      // The admin view shows this event (and its effect on the counts) at the next look.
      adminOverview.clear();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repository.finishEvent(event.id, clock.now(), message);
      adminOverview.clear();
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

  function stateOf(user: SubscriptionRow): SubscriptionState {
    return {
      subscription: user.subscription,
      subscription_status:
        user.subscription_status === '' ? '' : toOurStatus(user.subscription_status),
      entitled: entitlementsOf(user, clock.now()).subscriber,
      current_period_end: epoch(user.current_period_end),
      cancel_at_period_end: user.cancel_at_period_end,
    };
  }
  const offline = createOfflineCheckout({
    repository,
    provider,
    clock,
    handleWebhook,
    requireUser,
    stateOf,
  });

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

    /**
     * The caller's subscription; from `seen` when given (the row the session lookup read for this
     * request, kept by the session cache until a change of the user's row is announced), else one
     * read (`/payment/status` on the account pages).
     */
    async status(userId: string, seen?: SubscriptionRow): Promise<SubscriptionState> {
      return stateOf(seen ?? (await requireUser(userId)));
    },

    async cancelFeedback(userId: string, reason: string, text: string) {
      await repository.addCancelFeedback(userId, reason, text, clock.now());
    },

    /** The caller's referral page, from the referral cache when there is one. */
    async referrals(userId: string): Promise<ReferralPage> {
      const load = async () => {
        const found = await repository.referralsOf(userId);
        return found ? referralPage(found) : null;
      };
      const page = referralCache ? await referralCache.value(userId, load) : await load();
      if (!page) throw notFound('Unknown user.');
      return page;
    },

    /** The referral cache's state (undefined when REFERRAL_CACHE is off); for tests. */
    referralCacheStats: () => referralCache?.stats(),
    /** Stops the referral cache's listener. */
    closeReferralCache: async () => {
      await referralCache?.close();
    },

    /** The admin payments view (at most ADMIN_OVERVIEW_TTL_MS old). */
    adminOverview: () => adminOverview.get(),
    ...offline,
  };
}

/** The referral page's answer: the counts computed from the ledger. */
function referralPage(found: ReferralsRow) {
  return {
    code: found.code,
    referred: found.referred,
    qualified: found.ledger.filter((row) => row.kind === 'free_month').length,
    earned_cents: found.ledger.reduce((sum, row) => sum + row.amount_cents, 0),
    ledger: found.ledger,
  };
}

export type ReferralPage = ReturnType<typeof referralPage>;

/**
 * The repository whose ledger writes answer only after every API process dropped the referrer's
 * kept referral page (the trigger's notice alone would arrive a moment after the webhook's answer,
 * and a page read in that moment would be the old one).
 */
function withLedgerConfirmations(
  repository: BillingRepository,
  cache: ReferralCache<ReferralPage>,
): BillingRepository {
  return {
    ...repository,
    appendLedger: async (entry) => {
      await cache.ready();
      const added = await repository.appendLedger(entry);
      if (added) await cache.changedMany([entry.referrer_id]);
      return added;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
