import { randomBytes } from 'node:crypto';
import {
  InvalidSignatureError,
  type PaymentEvent,
  type PaymentsProvider,
} from './payments-provider.ts';
import { signPayload, verifySignature } from './signature.ts';

/** A checkout or portal session of the offline provider. */
export type OfflineSession = {
  id: string;
  kind: 'checkout' | 'portal';
  userId: string;
  plan: string;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
};

/** Where the offline provider keeps its checkout and portal sessions (the billing repository). */
export type OfflineSessionStore = {
  createSession(session: OfflineSession): Promise<void>;
};

/** Test card numbers (Stripe's): the first succeeds, the second is declined. */
export const OFFLINE_TEST_CARD = '4242424242424242';
export const OFFLINE_DECLINE_CARD = '4000000000000002';

export const newOfflineId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The default provider: our own test-mode checkout and portal pages under
 * /api/payment/offline/…, whose outcomes are events signed with a local secret and posted
 * through the same webhook handler as Stripe's.
 */
export function createOfflinePaymentsProvider(deps: {
  secret: string;
  sessions: OfflineSessionStore;
  now: () => Date;
}): PaymentsProvider {
  const nowSeconds = () => Math.floor(deps.now().getTime() / 1000);
  return {
    name: 'offline',
    async createCheckout({ user, plan, trialDays, successUrl, cancelUrl }) {
      const id = newOfflineId('cs_test');
      await deps.sessions.createSession({
        id,
        kind: 'checkout',
        userId: user.id,
        plan,
        trialDays,
        successUrl,
        cancelUrl,
      });
      return {
        url: `/api/payment/offline/checkout/${id}`,
        customerId: user.customerId ?? `cus_offline_${user.id}`,
      };
    },
    async portalUrl(user, returnUrl) {
      const id = newOfflineId('bps_test');
      await deps.sessions.createSession({
        id,
        kind: 'portal',
        userId: user.id,
        plan: '',
        trialDays: 0,
        successUrl: returnUrl,
        cancelUrl: returnUrl,
      });
      return `/api/payment/offline/portal/${id}`;
    },
    verifyWebhook(rawBody, signatureHeader) {
      verifySignature(deps.secret, rawBody, signatureHeader, nowSeconds());
      try {
        return JSON.parse(rawBody.toString('utf8')) as PaymentEvent;
      } catch {
        throw new InvalidSignatureError('body is not JSON');
      }
    },
    creditCustomer: () => Promise.resolve(false),
    sign(event: PaymentEvent) {
      const body = JSON.stringify(event);
      return { body, header: signPayload(deps.secret, body, nowSeconds()) };
    },
  };
}
