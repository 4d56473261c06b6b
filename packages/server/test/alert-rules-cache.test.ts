import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { Services } from '../src/modules/create-services.ts';
import { buildSecondApp, buildTestApp, type SecondApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { waitFor } from './helpers/wait.ts';

const NOW = new Date('2026-11-24T15:00:00Z'); // a Tuesday, 10:00 in New York
const SYMBOL = 'NASDAQ:AAPL';

type Listed = {
  rules: { id: string; status: string; threshold: number; fire_count: number }[];
  limit: { used: number };
};
type History = { firings: { rule_id: string; text: string }[] };

/**
 * Each API process keeps users' alert rules and history pages in memory
 * (ALERT_RULES_CACHE=on). A rule created, edited, paused or deleted through one process is in
 * the next answer of any other; a firing written by the worker reaches every process's next
 * answers once its notice arrives.
 */
describe('alert rules kept in memory across two app instances on one database', () => {
  const env = { ALERT_RULES_CACHE: 'on', SESSION_CACHE: 'on' };
  const clock = fixedClock(NOW);
  let t: TestApp;
  let b: SecondApp;
  let worker: Services;
  let ada: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({ env, demoCompanies: true, clock });
    b = await buildSecondApp(t.database.url, { env, clock });
    worker = jobDeps(t.database.db, {}, { clock }).services;
    ada = await registerUser(t.app);
    await grant(t.database.db, ada.user.id, { is_email_validated: true });
    await t.database.db
      .updateTable('users')
      .set({ subscription: 'tier3_monthly', subscription_status: 'active' })
      .where('id', '=', ada.user.id)
      .execute();
  }, 120_000);

  afterAll(async () => {
    worker.close();
    await b.close();
    await t.close();
  });

  const post = (url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(ada.token), payload });
  const listThroughB = async () => {
    const res = await b.app.inject({ url: '/api/alerts/rules', headers: bearer(ada.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Listed>();
  };
  const historyThroughB = async () => {
    const res = await b.app.inject({
      url: '/api/alerts/rules/history',
      headers: bearer(ada.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<History>();
  };
  async function quote(price: number) {
    const values = {
      exchange_ticker: SYMBOL,
      price,
      previous_close: 100,
      open: 100,
      day_low: Math.min(price, 100),
      day_high: Math.max(price, 100),
      change: price - 100,
      change_pct: price - 100,
      currency: 'USD',
      source: 'demo',
      as_of: clock.now(),
    };
    await t.database.db
      .insertInto('quote_snapshots')
      .values(values)
      .onConflict((oc) => oc.column('exchange_ticker').doUpdateSet(values))
      .execute();
  }

  it('answers each write and the worker’s firings in the next read of another process', async () => {
    const body = {
      kind: 'price_above',
      scope: 'symbol',
      symbol: SYMBOL,
      threshold: 105,
      channels: ['in_app'],
    };
    // Kept once read, before any rule exists: the create must drop it everywhere.
    expect((await listThroughB()).rules).toEqual([]);
    const created = await post('/alerts/rules', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ rule: { id: string } }>().rule.id;
    expect((await listThroughB()).rules.map((r) => r.id)).toEqual([id]);
    // A second read is answered from memory.
    const hits = b.services.alertRules.cacheStats()?.hits ?? 0;
    expect((await listThroughB()).limit.used).toBe(1);
    expect(b.services.alertRules.cacheStats()?.hits).toBe(hits + 1);

    const edited = await post(`/alerts/rules/${id}`, { ...body, threshold: 104 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await listThroughB()).rules[0]?.threshold).toBe(104);
    expect((await post(`/alerts/rules/${id}/pause`, { paused: true })).statusCode).toBe(200);
    expect((await listThroughB()).rules[0]?.status).toBe('paused');
    expect((await post(`/alerts/rules/${id}/pause`, { paused: false })).statusCode).toBe(200);
    expect((await listThroughB()).rules[0]?.status).toBe('active');

    // The worker fires the rule: its count and the history change in B once the notice arrives.
    expect((await historyThroughB()).firings).toEqual([]);
    await quote(100);
    await worker.alertRules.evaluateQuotes([SYMBOL]);
    await quote(106);
    expect((await worker.alertRules.evaluateQuotes([SYMBOL])).fired).toBe(1);
    await waitFor(async () => (await listThroughB()).rules[0]?.fire_count === 1);
    await waitFor(async () => (await historyThroughB()).firings[0]?.rule_id === id);

    expect((await post(`/alerts/rules/${id}/delete`)).statusCode).toBe(200);
    expect((await listThroughB()).rules).toEqual([]);
  });
});
