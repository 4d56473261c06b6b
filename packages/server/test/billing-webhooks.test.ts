import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { TestApp } from './helpers/app.ts';
import { signPayload } from '../src/providers/payments/signature.ts';
import { BILLING_SECRET, useOfflineBillingApp } from './helpers/billing-app.ts';
import { paymentEvent, postEvent } from './helpers/billing.ts';
import { registerUser, type TestUser } from './helpers/factories.ts';

const SECRET = BILLING_SECRET;
const NOW = new Date('2026-11-25T12:00:00Z');
const DAY = 86_400_000;

/** Signed events: forged, replayed, out of order, failed payments and the grace period. */
describe('billing webhooks with the offline provider', () => {
  const clock = fixedClock(NOW);
  const billing = useOfflineBillingApp(clock);
  const { get, status, errorOf } = billing;
  let t: TestApp;
  beforeAll(() => {
    t = billing.app();
  });

  describe('webhook', () => {
    const subscription = (
      user: TestUser,
      status: string,
      plan = 'tier1_monthly',
      end = NOW.getTime() / 1000 + 30 * 86_400,
    ) => ({
      id: `sub_${user.user.id}`,
      customer: `cus_${user.user.id}`,
      status,
      cancel_at_period_end: false,
      current_period_end: Math.floor(end),
      metadata: { user_id: user.user.id, plan },
    });

    it('refuses a forged signature with 400 and changes nothing', async () => {
      const user = await registerUser(t.app);
      const event = paymentEvent(
        'customer.subscription.created',
        subscription(user, 'active'),
        NOW,
      );
      const forged = await postEvent(t.app, 'not-the-secret-0000000000', event, NOW);
      expect(forged.statusCode).toBe(400);
      expect(errorOf(forged)).toBe('Invalid signature');
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      });
      expect(unsigned.statusCode).toBe(400);
      // A valid signature over a different body does not cover this one.
      const other = JSON.stringify({ ...event, id: 'evt_other' });
      const tampered = await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signPayload(SECRET, other, Math.floor(NOW.getTime() / 1000)),
        },
        payload: JSON.stringify(event),
      });
      expect(tampered.statusCode).toBe(400);
      const stale = await postEvent(t.app, SECRET, event, new Date(NOW.getTime() - 600_000));
      expect(stale.statusCode).toBe(400);
      expect((await status(user)).subscription_status).toBe('');
    });

    it('applies a replayed event once', async () => {
      const referrer = await registerUser(t.app);
      const user = await registerUser(t.app, { referral: referrer.user.share_referral_code });
      await postEvent(
        t.app,
        SECRET,
        paymentEvent('customer.subscription.created', subscription(user, 'active'), NOW),
        NOW,
      );
      const invoice = paymentEvent(
        'invoice.paid',
        { id: `in_${user.user.id}`, customer: `cus_${user.user.id}`, amount_paid: 1000 },
        NOW,
      );
      const first = await postEvent(t.app, SECRET, invoice, NOW);
      expect(first.json()).toEqual({ status: 'success', duplicate: false });
      const replay = await postEvent(t.app, SECRET, invoice, NOW);
      expect(replay.json()).toEqual({ status: 'success', duplicate: true });
      const ledger = (await get(referrer, '/api/payment/referrals')).json<{
        ledger: { kind: string }[];
      }>();
      expect(ledger.ledger.map((e) => e.kind)).toEqual(['free_month', 'commission']);
    });

    it('ignores an older subscription update arriving after a newer one', async () => {
      const user = await registerUser(t.app);
      const older = paymentEvent(
        'customer.subscription.updated',
        subscription(user, 'active', 'tier1_monthly'),
        new Date(NOW.getTime() - 60_000),
      );
      const newer = paymentEvent(
        'customer.subscription.updated',
        subscription(user, 'active', 'tier3_monthly'),
        NOW,
      );
      await postEvent(t.app, SECRET, newer, NOW);
      await postEvent(t.app, SECRET, older, NOW);
      expect((await status(user)).subscription).toBe('tier3_monthly');
      const deleted = paymentEvent(
        'customer.subscription.deleted',
        subscription(user, 'canceled', 'tier3_monthly'),
        new Date(NOW.getTime() + 1000),
      );
      await postEvent(t.app, SECRET, deleted, NOW);
      expect(await status(user)).toMatchObject({
        subscription_status: 'canceled',
        entitled: false,
      });
    });

    it('ignores a payment failure older than the state it would change', async () => {
      const user = await registerUser(t.app);
      await postEvent(
        t.app,
        SECRET,
        paymentEvent('customer.subscription.created', subscription(user, 'active'), NOW),
        NOW,
      );
      const earlier = new Date(NOW.getTime() - 3_600_000);
      await postEvent(
        t.app,
        SECRET,
        paymentEvent(
          'invoice.payment_failed',
          { id: 'in_old', customer: `cus_${user.user.id}` },
          earlier,
        ),
        NOW,
      );
      expect((await status(user)).subscription_status).toBe('active');
    });

    it('makes a failed payment past_due, entitled through the grace, then free; a paid invoice restores it', async () => {
      const user = await registerUser(t.app);
      const end = NOW.getTime() / 1000 + 86_400;
      await postEvent(
        t.app,
        SECRET,
        paymentEvent(
          'customer.subscription.created',
          subscription(user, 'active', 'tier2_monthly', end),
          NOW,
        ),
        NOW,
      );
      await postEvent(
        t.app,
        SECRET,
        paymentEvent(
          'invoice.payment_failed',
          { id: 'in_failed', customer: `cus_${user.user.id}` },
          NOW,
        ),
        NOW,
      );
      expect(await status(user)).toMatchObject({ subscription_status: 'past_due', entitled: true });
      try {
        clock.set(new Date(end * 1000 + 7 * DAY + 1000));
        expect(await status(user)).toMatchObject({
          subscription_status: 'past_due',
          entitled: false,
        });
        const at = clock.now();
        await postEvent(
          t.app,
          SECRET,
          paymentEvent(
            'invoice.paid',
            { id: 'in_late', customer: `cus_${user.user.id}`, amount_paid: 1000 },
            at,
          ),
          at,
        );
        expect(await status(user)).toMatchObject({ subscription_status: 'active', entitled: true });
      } finally {
        clock.set(NOW);
      }
    });
  });
});
