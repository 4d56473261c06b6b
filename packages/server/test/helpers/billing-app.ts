import type { SubscriptionState } from '@app/shared/api/billing';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Clock } from '../../src/clock.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { form } from './billing.ts';
import { bearer, type TestUser } from './factories.ts';

/** The offline provider's signing secret in the billing tests. */
export const BILLING_SECRET = 'offline-test-secret-0123456789';

/**
 * A test app on the offline payments provider for the enclosing describe (billing*.test.ts), and
 * the calls its tests make: GET as a user, the subscription state, checkout and paying a page.
 */
export function useOfflineBillingApp(clock: Clock) {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      clock,
      env: { PAYMENTS_OFFLINE_SECRET: BILLING_SECRET, RATE_LIMIT_SCALE: '1000' },
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

  return { app: () => t, get, status, errorOf, checkout, pay };
}
