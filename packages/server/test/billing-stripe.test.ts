import type { SubscriptionState } from '@app/shared/api/billing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { paymentEvent, postEvent } from './helpers/billing.ts';
import { startFakeStripe } from './helpers/fake-stripe.ts';
import { bearer, registerUser } from './helpers/factories.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

describe('billing with the stripe provider (the real stripe package against a local server)', () => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await buildTestApp({
      clock: fixedClock(NOW),
      env: {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_TIER1: 'price_t1',
        STRIPE_PRICE_TIER2: 'price_t2',
        STRIPE_PRICE_TIER3: 'price_t3',
        STRIPE_API_BASE: stripe.url,
        RATE_LIMIT_SCALE: '1000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('creates a customer once and a subscription checkout session with the trial', async () => {
    const user = await registerUser(t.app);
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/payment/create_checkout_session?product=tier2_monthly&trial=tier2',
      headers: bearer(user.token),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ url: string }>().url).toMatch(
      /^https:\/\/checkout\.stripe\.test\/c\/cs_fake_/,
    );
    const [customer, session] = stripe.calls;
    expect(customer?.path).toBe('/v1/customers');
    expect(customer?.headers.authorization).toBe('Bearer sk_test_fake');
    expect(customer?.form.get('metadata[user_id]')).toBe(user.user.id);
    expect(session?.path).toBe('/v1/checkout/sessions');
    expect(session?.form.get('mode')).toBe('subscription');
    expect(session?.form.get('customer')).toMatch(/^cus_fake_/);
    expect(session?.form.get('line_items[0][price]')).toBe('price_t2');
    expect(session?.form.get('subscription_data[trial_period_days]')).toBe('7');
    expect(session?.form.get('client_reference_id')).toBe(user.user.id);
    expect(session?.form.get('success_url')).toBe(`${t.config.publicUrl}/success`);

    stripe.calls.length = 0;
    await t.app.inject({
      method: 'GET',
      url: '/api/payment/create_checkout_session?product=tier3_monthly',
      headers: bearer(user.token),
    });
    // The stored customer is reused; no trial without ?trial=.
    expect(stripe.calls.map((c) => c.path)).toEqual(['/v1/checkout/sessions']);
    expect(stripe.calls[0]?.form.get('customer')).toBe(session?.form.get('customer'));
    expect(stripe.calls[0]?.form.has('subscription_data[trial_period_days]')).toBe(false);

    stripe.calls.length = 0;
    const portal = await t.app.inject({
      method: 'GET',
      url: '/api/payment/portal',
      headers: bearer(user.token),
    });
    expect(portal.statusCode).toBe(302);
    expect(portal.headers.location).toBe('https://billing.stripe.test/p/session');
    expect(stripe.calls[0]?.path).toBe('/v1/billing_portal/sessions');
    expect(stripe.calls[0]?.form.get('return_url')).toBe(`${t.config.publicUrl}/profile`);
  });

  it('verifies webhooks with stripe.webhooks.constructEvent: Stripe-signed events apply, forged ones are 400', async () => {
    const user = await registerUser(t.app);
    const subscription = {
      id: 'sub_1',
      object: 'subscription',
      customer: 'cus_x1',
      status: 'active',
      cancel_at_period_end: false,
      items: {
        data: [
          { price: { id: 'price_t3' }, current_period_end: NOW.getTime() / 1000 + 86_400 * 30 },
        ],
      },
      metadata: { user_id: user.user.id },
    };
    const event = paymentEvent('customer.subscription.created', subscription, NOW);
    const body = JSON.stringify(event);
    // A header made by Stripe's own helper.
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(NOW.getTime() / 1000),
    });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: body,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const state = (
      await t.app.inject({ method: 'GET', url: '/api/payment/status', headers: bearer(user.token) })
    ).json<SubscriptionState>();
    expect(state).toMatchObject({
      subscription: 'tier3_monthly',
      subscription_status: 'active',
      entitled: true,
    });

    // A plan changed in Stripe's portal: the price says tier1 although the metadata still says tier3.
    const changed = paymentEvent(
      'customer.subscription.updated',
      {
        ...subscription,
        metadata: { user_id: user.user.id, plan: 'tier3_monthly' },
        items: {
          data: [
            { price: { id: 'price_t1' }, current_period_end: NOW.getTime() / 1000 + 86_400 * 30 },
          ],
        },
      },
      new Date(NOW.getTime() + 1000),
    );
    expect((await postEvent(t.app, WEBHOOK_SECRET, changed, NOW)).statusCode).toBe(200);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/payment/status', headers: bearer(user.token) })
    ).json<SubscriptionState>();
    expect(after.subscription).toBe('tier1_monthly');

    const forged = await postEvent(
      t.app,
      'whsec_wrong',
      paymentEvent('invoice.paid', { customer: 'cus_x1' }, NOW),
      NOW,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ error_msg: string }>().error_msg).toBe('Invalid signature');
  });

  it('credits the referrer’s Stripe balance for a qualified referral', async () => {
    const referrer = await registerUser(t.app);
    await t.database.db
      .updateTable('users')
      .set({
        payment_customer_id: 'cus_referrer',
        subscription: 'tier2_monthly',
        subscription_status: 'active',
      })
      .where('id', '=', referrer.user.id)
      .execute();
    const user = await registerUser(t.app, { referral: referrer.user.share_referral_code });
    await t.database.db
      .updateTable('users')
      .set({ payment_customer_id: 'cus_referred' })
      .where('id', '=', user.user.id)
      .execute();
    stripe.calls.length = 0;
    const res = await postEvent(
      t.app,
      WEBHOOK_SECRET,
      paymentEvent(
        'invoice.paid',
        { id: 'in_s1', customer: 'cus_referred', amount_paid: 1000 },
        NOW,
      ),
      NOW,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.calls.map((c) => c.path)).toEqual([
      '/v1/customers/cus_referrer/balance_transactions',
    ]);
    expect(stripe.calls[0]?.form.get('amount')).toBe('-1000');
    expect(stripe.calls[0]?.form.get('currency')).toBe('usd');
  });

  it('refuses to start without every STRIPE_* setting', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk' })).toThrow(
      new ConfigError(
        'Invalid configuration: STRIPE_WEBHOOK_SECRET: is required when PAYMENTS_PROVIDER=stripe',
      ),
    );
    expect(loadConfig({}).paymentsProvider).toBe('offline');
  });
});
