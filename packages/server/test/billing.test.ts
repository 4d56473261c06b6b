import type { SubscriptionState } from '@app/shared/api/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { SESSION_COOKIE } from '../src/modules/users/session.service.ts';
import { signPayload } from '../src/providers/payments/signature.ts';
import { form, paymentEvent, postEvent } from './helpers/billing.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';

const SECRET = 'offline-test-secret-0123456789';
const NOW = new Date('2026-11-25T12:00:00Z');
const DAY = 86_400_000;

describe('billing with the offline provider (issue 13)', () => {
  let t: TestApp;
  const clock = fixedClock(NOW);
  beforeAll(async () => {
    t = await buildTestApp({
      clock,
      env: { PAYMENTS_OFFLINE_SECRET: SECRET, RATE_LIMIT_SCALE: '1000' },
    });
  });
  afterAll(() => t.close());

  const get = (user: TestUser | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });
  const status = async (user: TestUser) =>
    (await get(user, '/api/payment/status')).json<SubscriptionState & { status: string }>();
  const errorOf = (res: { body: string }) =>
    (JSON.parse(res.body) as { error_msg: string }).error_msg;

  async function checkout(user: TestUser, product = 'tier2_monthly', trial = false) {
    const res = await get(
      user,
      `/api/payment/create_checkout_session?product=${product}${trial ? '&trial=tier2' : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ url: string }>().url;
  }
  const pay = (url: string, card: string) =>
    t.app.inject({ method: 'POST', url, ...form({ card, exp: '12 / 34', cvc: '123' }) });

  it('asks a visitor to log in and refuses an unknown product', async () => {
    const visitor = await get(
      undefined,
      '/api/payment/create_checkout_session?product=tier1_monthly',
    );
    expect(visitor.statusCode).toBe(401);
    expect(errorOf(visitor)).toBe('Please login or register to access this functionality.');
    const user = await registerUser(t.app);
    const unknown = await get(user, '/api/payment/create_checkout_session?product=gold');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toBe("Unknown product 'gold'.");
  });

  it('lists the plans publicly', async () => {
    const res = await get(undefined, '/api/payment/plans');
    expect(res.json<{ plans: { id: string }[] }>().plans.map((p) => p.id)).toEqual([
      'tier1_monthly',
      'tier2_monthly',
      'tier3_monthly',
      'enterprise',
    ]);
  });

  it('checks out with the test card: signed events through the webhook make the user active', async () => {
    const user = await registerUser(t.app);
    const url = await checkout(user);
    expect(url).toMatch(/^\/api\/payment\/offline\/checkout\/cs_test_[0-9a-f]{24}$/);
    const page = await get(undefined, url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Basic');
    expect(page.body).toContain('$10.00 / month');
    expect(page.body).not.toContain('<script');
    expect((await status(user)).subscription_status).toBe('');

    const paid = await pay(url, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/success');
    expect(await status(user)).toEqual({
      status: 'success',
      subscription: 'tier2_monthly',
      subscription_status: 'active',
      entitled: true,
      current_period_end: Math.floor(NOW.getTime() / 1000) + 30 * 86_400,
      cancel_at_period_end: false,
    });
    const me = await get(user, '/api/user/get/me');
    expect(me.json<{ current_user: { subscription: string } }>().current_user.subscription).toBe(
      'tier2_monthly',
    );
    // The events went through the webhook's store, once each.
    const events = await t.database.db
      .selectFrom('billing_events')
      .select(['type', 'processed_at', 'error'])
      .where(
        'payload',
        '@>',
        JSON.stringify({ data: { object: { customer: `cus_offline_${user.user.id}` } } }),
      )
      .execute();
    expect(events.map((e) => e.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(events.every((e) => e.processed_at !== null && e.error === null)).toBe(true);
    // Paying the same session again changes nothing.
    expect((await pay(url, '4242424242424242')).statusCode).toBe(303);
  });

  it('declines the decline card with Stripe’s wording and leaves the user unsubscribed', async () => {
    const user = await registerUser(t.app);
    const url = await checkout(user, 'tier1_monthly');
    const declined = await pay(url, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    const wrong = await pay(url, '1234 5678 9012 3456');
    expect(wrong.body).toContain('Your card number is incorrect.');
    expect(await status(user)).toMatchObject({
      subscription: '',
      subscription_status: '',
      entitled: false,
    });
  });

  it('gives a trial to a user who came from /register?trial=', async () => {
    const user = await registerUser(t.app);
    const url = await checkout(user, 'tier3_monthly', true);
    expect((await get(undefined, url)).body).toContain('7-day free trial');
    await pay(url, '4242424242424242');
    expect(await status(user)).toMatchObject({
      subscription: 'tier3_monthly',
      subscription_status: 'trialing',
      entitled: true,
      current_period_end: Math.floor(NOW.getTime() / 1000) + 7 * 86_400,
    });
  });

  it('opens the portal by cookie, changes plan and cancels at period end through signed events', async () => {
    const user = await registerUser(t.app);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/payment/portal',
      cookies: { [SESSION_COOKIE]: user.token },
    });
    expect(none.statusCode).toBe(302);
    expect(none.headers.location).toBe('/pricing');
    await pay(await checkout(user), '4242424242424242');
    const visitor = await get(undefined, '/api/payment/portal');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toMatch(/^\/login\?next=/);
    const portal = await get(user, '/api/payment/portal');
    expect(portal.statusCode).toBe(302);
    const location = String(portal.headers.location);
    expect(location).toMatch(/^\/api\/payment\/offline\/portal\/bps_test_/);
    expect((await get(undefined, location)).body).toContain('Cancel at period end');

    const change = await t.app.inject({
      method: 'POST',
      url: location,
      ...form({ action: 'change', plan: 'tier3_monthly' }),
    });
    expect(change.statusCode).toBe(303);
    expect((await status(user)).subscription).toBe('tier3_monthly');
    await t.app.inject({ method: 'POST', url: location, ...form({ action: 'cancel' }) });
    expect(await status(user)).toMatchObject({
      subscription: 'tier3_monthly',
      subscription_status: 'active',
      cancel_at_period_end: true,
      entitled: true,
    });
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

  describe('referrals', () => {
    it('records a referral at registration and qualifies it on the first verified payment', async () => {
      const referrer = await registerUser(t.app);
      await pay(await checkout(referrer, 'tier1_monthly'), '4242424242424242');
      const before = (await status(referrer)).current_period_end ?? 0;
      const referred = await registerUser(t.app, { referral: referrer.user.share_referral_code });
      let mine = (await get(referrer, '/api/payment/referrals')).json<{
        code: string;
        referred: number;
        qualified: number;
        earned_cents: number;
        ledger: { kind: string; amount_cents: number; description: string }[];
      }>();
      expect(mine).toMatchObject({
        code: referrer.user.share_referral_code,
        referred: 1,
        qualified: 0,
        earned_cents: 0,
      });

      await pay(await checkout(referred, 'tier2_monthly'), '4242424242424242');
      mine = (await get(referrer, '/api/payment/referrals')).json();
      expect(mine.qualified).toBe(1);
      expect(mine.ledger.map((e) => [e.kind, e.amount_cents])).toEqual([
        ['free_month', 0],
        ['commission', 200],
      ]);
      expect(mine.ledger[1]?.description).toContain('20 % commission');
      expect(mine.earned_cents).toBe(200);
      // The free month, offline: the referrer's period end moved by 30 days.
      expect((await status(referrer)).current_period_end).toBe(before + 30 * 86_400);
    });

    it('refuses an unknown referral code at registration', async () => {
      await expect(registerUser(t.app, { referral: 'NOPE-NOPE' })).rejects.toThrow(
        /Unknown referral code/,
      );
    });

    it('reverses the commission of a refunded payment, once', async () => {
      const referrer = await registerUser(t.app);
      const user = await registerUser(t.app, { referral: referrer.user.share_referral_code });
      const invoice = {
        id: `in_r_${user.user.id}`,
        customer: `cus_${user.user.id}`,
        amount_paid: 2900,
      };
      await t.database.db
        .updateTable('users')
        .set({ payment_customer_id: `cus_${user.user.id}` })
        .where('id', '=', user.user.id)
        .execute();
      await postEvent(t.app, SECRET, paymentEvent('invoice.paid', invoice, NOW), NOW);
      await postEvent(
        t.app,
        SECRET,
        paymentEvent('charge.refunded', { id: 'ch_1', invoice: invoice.id }, NOW),
        NOW,
      );
      await postEvent(
        t.app,
        SECRET,
        paymentEvent(
          'charge.dispute.created',
          { id: 'dp_1', metadata: { invoice: invoice.id } },
          NOW,
        ),
        NOW,
      );
      const mine = (await get(referrer, '/api/payment/referrals')).json<{
        earned_cents: number;
        ledger: { kind: string; amount_cents: number }[];
      }>();
      expect(mine.ledger.map((e) => [e.kind, e.amount_cents])).toEqual([
        ['free_month', 0],
        ['commission', 580],
        ['reversal', -580],
      ]);
      expect(mine.earned_cents).toBe(0);
    });

    it('pays a €50 bonus once 5 referrals have 3 months of usage, and enterprise bonuses after 3 sales', async () => {
      const referrer = await registerUser(t.app);
      const referred = [];
      for (let i = 0; i < 5; i += 1) {
        const user = await registerUser(t.app, { referral: referrer.user.share_referral_code });
        await t.database.db
          .updateTable('users')
          .set({ payment_customer_id: `cus_${user.user.id}` })
          .where('id', '=', user.user.id)
          .execute();
        referred.push(user);
        await postEvent(
          t.app,
          SECRET,
          paymentEvent(
            'invoice.paid',
            { id: `in_b_${user.user.id}`, customer: `cus_${user.user.id}`, amount_paid: 100 },
            NOW,
          ),
          NOW,
        );
      }
      // Read from the ledger itself: the clock moves past the session's lifetime below.
      const kinds = () =>
        t.database.db
          .selectFrom('referral_ledger')
          .select(['kind', 'amount_cents'])
          .where('referrer_id', '=', referrer.user.id)
          .orderBy('seq')
          .execute();
      expect((await kinds()).filter((e) => e.kind === 'bonus')).toEqual([]);
      const later = new Date(NOW.getTime() + 91 * DAY);
      try {
        clock.set(later);
        const user = referred[0]!;
        await postEvent(
          t.app,
          SECRET,
          paymentEvent(
            'invoice.paid',
            { id: `in_b2_${user.user.id}`, customer: `cus_${user.user.id}`, amount_paid: 100 },
            later,
          ),
          later,
        );
        expect(
          (await kinds()).filter((e) => e.kind === 'bonus').map((e) => e.amount_cents),
        ).toEqual([5000]);
        for (let i = 0; i < 3; i += 1) {
          await postEvent(
            t.app,
            SECRET,
            paymentEvent(
              'invoice.paid',
              {
                id: `in_ent_${i}_${user.user.id}`,
                customer: `cus_${user.user.id}`,
                amount_paid: 100_000,
                metadata: { plan: 'enterprise' },
              },
              later,
            ),
            later,
          );
        }
        const ledger = await kinds();
        expect(
          ledger.filter((e) => e.kind === 'commission' && e.amount_cents === 15_000),
        ).toHaveLength(3);
        expect(ledger.filter((e) => e.kind === 'bonus').map((e) => e.amount_cents)).toEqual([
          5000, 50_000,
        ]);
      } finally {
        clock.set(NOW);
      }
    });
  });

  it('shows admins subscriptions, events, failed webhooks and ledger totals', async () => {
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    const res = await get(admin, '/api/payment/admin/overview');
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<{
      provider: string;
      subscriptions: { plan: string; status: string; count: number }[];
      events: { type: string; processed: number | null }[];
      failed_events: unknown[];
      ledger_totals: { kind: string; entries: number; amount_cents: number }[];
      cancel_feedback: unknown[];
    }>();
    expect(view.provider).toBe('offline');
    expect(
      view.subscriptions.find((r) => r.plan === 'tier2_monthly' && r.status === 'active')?.count,
    ).toBeGreaterThan(0);
    expect(view.events.length).toBeGreaterThan(0);
    expect(view.events.every((e) => e.processed !== null)).toBe(true);
    expect(view.failed_events).toEqual([]);
    expect(view.ledger_totals.map((r) => r.kind)).toContain('commission');
    const user = await registerUser(t.app);
    expect((await get(user, '/api/payment/admin/overview')).statusCode).toBe(403);
    // The view is kept a few seconds per process, but an event this process received shows at once.
    const latest = new Date('2027-06-01T12:00:00Z');
    const event = paymentEvent('customer.updated', { id: `cus_${user.user.id}` }, latest);
    clock.set(latest);
    try {
      await postEvent(t.app, SECRET, event, latest);
    } finally {
      clock.set(NOW);
    }
    const next = (await get(admin, '/api/payment/admin/overview')).json<{
      events: { id: string }[];
    }>();
    expect(next.events[0]?.id).toBe(event.id);
  });

  it('stores cancel feedback', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/cancel_feedback',
      headers: bearer(user.token),
      payload: { reason: 'too_expensive', text: 'Maybe later' },
    });
    expect(res.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payment/cancel_feedback',
      headers: bearer(user.token),
      payload: { reason: 'whatever' },
    });
    expect(bad.statusCode).toBe(400);
    const rows = await t.database.db
      .selectFrom('cancel_feedback')
      .selectAll()
      .where('user_id', '=', user.user.id)
      .execute();
    expect(rows.map((r) => [r.reason, r.text])).toEqual([['too_expensive', 'Maybe later']]);
  });
});
