import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PaymentEvent } from '../../src/providers/payments/payments-provider.ts';
import { signPayload } from '../../src/providers/payments/signature.ts';

let sequence = 0;

/** A Stripe-shaped event of `type` about `object`, created at `at`. */
export function paymentEvent(
  type: string,
  object: Record<string, unknown>,
  at: Date,
): PaymentEvent {
  sequence += 1;
  return {
    id: `evt_test_${sequence}_${randomBytes(4).toString('hex')}`,
    type,
    created: Math.floor(at.getTime() / 1000),
    data: { object },
  };
}

/** Posts an event to the webhook signed with `secret` (Stripe's `t=…,v1=…` header). */
export function postEvent(
  app: FastifyInstance,
  secret: string,
  event: PaymentEvent,
  signedAt: Date,
  body = JSON.stringify(event),
) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signPayload(secret, body, Math.floor(signedAt.getTime() / 1000)),
    },
    payload: body,
  });
}

/** The form body of a page's form post. */
export const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
