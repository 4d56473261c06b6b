import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEvent, PaymentsProvider } from '../../providers/payments/payments-provider.ts';
import type { BillingRepository, BillingUser, SubscriptionChange } from './billing.repository.ts';
import { epochDate, first, num, obj, str, type Json } from './event-fields.ts';
import { isEntitled, toOurStatus } from './plans.ts';
import { createReferralRewards } from './referral-rewards.ts';

/**
 * Applies one verified, newly stored provider event to our users: subscription state (in the
 * order of the events' own creation time: an older one arriving late is ignored), payments,
 * failures, and the referral ledger.
 */
export function createPaymentEvents(deps: {
  repository: BillingRepository;
  provider: PaymentsProvider;
  log: FastifyBaseLogger;
  /** Price ids of the provider → our plan ids (Stripe). */
  planOfPrice: (priceId: string) => string | undefined;
  /**
   * False on a public server taking test payments: a purchase with the public test card costs
   * nothing, so it must not earn the referrer a free month or a commission.
   */
  referralCredit: boolean;
}) {
  const { repository, log } = deps;
  const { rewardReferral, reverseCommission } = createReferralRewards(deps);

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
        if (deps.referralCredit) await rewardReferral(user, object, at);
        else log.info({ event: event.id }, 'billing: test-mode payment, no referral credit');
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

  return { apply };
}
