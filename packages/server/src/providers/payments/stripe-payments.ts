import Stripe from 'stripe';
import {
  InvalidSignatureError,
  type PaymentEvent,
  type PaymentsProvider,
} from './payments-provider.ts';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Our plan id → the Stripe price id. */
  prices: Record<string, string>;
  /** Another API base (tests: a local server speaking the calls we make). */
  apiBase: string | undefined;
  currency: string;
};

/** The Stripe client, pointed at `apiBase` when one is given. */
export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 0,
    timeout: 20_000,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** Stripe: Checkout Sessions, the Customer Portal and signed webhooks (the official package). */
export function createStripePaymentsProvider(
  settings: StripeSettings,
  now: () => Date,
): PaymentsProvider {
  const stripe = createStripeClient(settings);
  return {
    name: 'stripe',
    async createCheckout({ user, plan, trialDays, successUrl, cancelUrl }) {
      const price = settings.prices[plan];
      if (!price) throw new Error(`no Stripe price configured for ${plan}`);
      const customerId =
        user.customerId ??
        (await stripe.customers.create({ email: user.email, metadata: { user_id: user.id } })).id;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.id,
        line_items: [{ price, quantity: 1 }],
        metadata: { user_id: user.id, plan },
        subscription_data: {
          metadata: { user_id: user.id, plan },
          ...(trialDays > 0 && { trial_period_days: trialDays }),
        },
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { url: session.url, customerId };
    },
    async portalUrl(user, returnUrl) {
      if (!user.customerId) throw new Error('no Stripe customer');
      const session = await stripe.billingPortal.sessions.create({
        customer: user.customerId,
        return_url: returnUrl,
      });
      return session.url;
    },
    verifyWebhook(rawBody, signatureHeader) {
      try {
        return stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          settings.webhookSecret,
          undefined,
          undefined,
          now().getTime(),
        ) as unknown as PaymentEvent;
      } catch (error) {
        throw new InvalidSignatureError(error instanceof Error ? error.message : 'invalid');
      }
    },
    async creditCustomer(customerId, amountCents, description) {
      // A negative balance is a credit Stripe applies to the customer's next invoice.
      await stripe.customers.createBalanceTransaction(customerId, {
        amount: -amountCents,
        currency: settings.currency,
        description,
      });
      return true;
    },
  };
}
