import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { testModeNotice, withTestModeNotice } from '../src/http/test-mode-notice.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { form } from './helpers/billing.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';

const BANNER = 'Test mode — payments are simulated.';

describe('the test-mode banner', () => {
  it('names each test provider once, in a fixed order, and is absent without one', () => {
    expect(testModeNotice([])).toBeNull();
    const notice = testModeNotice(['news', 'payments']) ?? '';
    expect(notice).toContain(`${BANNER} Some news is written by the demo newsroom.</div>`);
    expect(notice).not.toContain('demo data');
    const page = withTestModeNotice('<html><body class="x"><div id="root"></div></body>', notice);
    expect(page.indexOf(BANNER)).toBeGreaterThan(page.indexOf('<body class="x">'));
    expect(page.indexOf(BANNER)).toBeLessThan(page.indexOf('<div id="root">'));
    expect(withTestModeNotice('<body>', null)).toBe('<body>');
  });
});

/**
 * A public server told to take test payments: every page says so, the health check names the
 * providers, and a purchase with the public test card earns the referrer nothing.
 */
describe('a public server in test mode', () => {
  const clock = fixedClock(new Date('2026-11-25T12:00:00Z'));
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-dist-'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    await fs.writeFile(
      path.join(dist, 'landing.html'),
      '<!doctype html><html><head><title>x</title></head><body><main>Landing</main></body></html>',
    );
    t = await buildTestApp({
      clock,
      env: { WEB_DIST_DIR: dist, PAYMENTS_OFFLINE_SECRET: 'offline-test-secret-0123456789' },
      config: {
        publicServer: true,
        publicUrl: 'https://stockpulse.example',
        testMode: ['payments', 'market'],
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('shows the banner on every page, the static landing too', async () => {
    for (const url of ['/', '/landing', '/news/latest', '/pricing', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain(BANNER);
      expect(res.body, url).toContain('Prices are demo data, not the market.');
    }
  });

  it('reports the provider of each kind and the test mode on /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      providers: {
        market: 'demo',
        news: 'demo',
        payments: 'offline',
        ai: 'offline',
        mail: 'outbox',
        telegram: 'off',
      },
      test_mode: ['payments', 'market'],
    });
  });

  it('grants no referral credit for a test-card purchase', async () => {
    const pay = async (user: TestUser) => {
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/payment/create_checkout_session?product=tier2_monthly',
        headers: bearer(user.token),
      });
      expect(session.statusCode, session.body).toBe(200);
      const { pathname, search } = new URL(session.json<{ url: string }>().url, 'http://x');
      const paid = await t.app.inject({
        method: 'POST',
        url: pathname + search,
        ...form({ card: '4242424242424242', exp: '12 / 34', cvc: '123' }),
      });
      expect(paid.statusCode, paid.body).toBeLessThan(400);
    };
    const referrer = await registerUser(t.app);
    const puppet = await registerUser(t.app, { referral: referrer.user.share_referral_code });
    await pay(puppet);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/payment/status',
      headers: bearer(puppet.token),
    });
    // The purchase itself went through: the test card still buys the plan on a test-mode site.
    expect(status.json()).toMatchObject({ subscription: 'tier2_monthly' });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/payment/referrals',
      headers: bearer(referrer.token),
    });
    expect(mine.json()).toMatchObject({ referred: 1, qualified: 0, earned_cents: 0, ledger: [] });
  });
});
