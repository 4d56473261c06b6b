import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { TestApp } from './helpers/app.ts';
import { SESSION_COOKIE } from '../src/modules/users/session.service.ts';
import { useOfflineBillingApp } from './helpers/billing-app.ts';
import { form } from './helpers/billing.ts';
import { bearer, registerUser } from './helpers/factories.ts';

const NOW = new Date('2026-11-25T12:00:00Z');

/** Plans, checkout with the test cards, trials, the portal and cancel feedback. */
describe('billing with the offline provider', () => {
  const clock = fixedClock(NOW);
  const billing = useOfflineBillingApp(clock);
  const { get, status, errorOf, checkout, pay } = billing;
  let t: TestApp;
  beforeAll(() => {
    t = billing.app();
  });

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
