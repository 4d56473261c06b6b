import type { Financials } from '@app/shared/api/market';
import { watchlistResponseSchema } from '@app/shared/api/market';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildSecondApp, buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';

type WatchlistBody = {
  status: string;
  name: string;
  exchange_tickers: string[];
  financials?: Record<string, Financials>;
};

const T0 = new Date('2026-03-10T15:00:00Z');

/**
 * The watchlist with financials reads its list on every call and takes the financials
 * from the quote service's short-lived cache. A change of the list shows at once, through
 * whichever process made it; a quote never outlives its freshness limit.
 */
describe('market answer caches: the watchlist with financials, history', () => {
  const clock = fixedClock(T0);
  let a: TestApp;
  let closeB: () => Promise<void>;
  let b: FastifyInstance;
  let alice: TestUser;

  beforeAll(async () => {
    a = await buildTestApp({ demoCompanies: true, clock });
    // A second app instance on the same database: another API process with its own caches.
    ({ app: b, close: closeB } = await buildSecondApp(a.database.url, { clock: clock }));
    alice = await registerUser(a.app);
  }, 60_000);

  afterAll(async () => {
    await closeB();
    await a.close();
  });

  const call = async (app: FastifyInstance, path: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/ticker/user/watchlist/${path}`,
      headers: bearer(alice.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WatchlistBody>();
  };
  const withFinancials = (app: FastifyInstance) => call(app, 'get/default?add_financials=1');

  it('shows a change of the list at once, made through this process or another', async () => {
    await call(a.app, 'append/default/NASDAQ:AMD');
    const first = await withFinancials(b);
    expect(first.exchange_tickers).toEqual(['NASDAQ:AMD']);
    expect(Object.keys(first.financials ?? {})).toEqual(['NASDAQ:AMD']);

    // Appended through A: B's next answer has the symbol and its financials.
    await call(a.app, 'append/default/NASDAQ:INTC');
    const grown = await withFinancials(b);
    expect(grown.exchange_tickers).toEqual(['NASDAQ:AMD', 'NASDAQ:INTC']);
    expect(Object.keys(grown.financials ?? {}).sort()).toEqual(['NASDAQ:AMD', 'NASDAQ:INTC']);

    // Removed through B: A's and B's next answers no longer have it.
    await withFinancials(a.app);
    await call(b, 'remove_ticker/default/NASDAQ:AMD');
    for (const app of [a.app, b]) {
      const shrunk = await withFinancials(app);
      expect(shrunk.exchange_tickers).toEqual(['NASDAQ:INTC']);
      expect(Object.keys(shrunk.financials ?? {})).toEqual(['NASDAQ:INTC']);
    }

    // Emptied: no financials at all.
    await call(a.app, 'rm/default');
    expect(await withFinancials(b)).toEqual({
      status: 'success',
      name: 'default',
      exchange_tickers: [],
      financials: {},
    });
  });

  it('sends the answer with financials compressed as a browser asks, the same JSON', async () => {
    for (const symbol of [
      'NASDAQ:AAPL',
      'NASDAQ:MSFT',
      'NASDAQ:NVDA',
      'NASDAQ:AMZN',
      'NASDAQ:GOOGL',
      'NASDAQ:META',
    ]) {
      await call(a.app, `append/default/${symbol}`);
    }
    const plain = await withFinancials(a.app);
    expect(Object.keys(plain.financials ?? {}).length).toBeGreaterThanOrEqual(4);
    for (const encoding of ['br', 'gzip'] as const) {
      // Twice: the second answer is the kept compressed bytes of the same answer.
      for (let i = 0; i < 2; i += 1) {
        const res = await a.app.inject({
          method: 'GET',
          url: '/api/ticker/user/watchlist/get/default?add_financials=1',
          headers: { ...bearer(alice.token), 'accept-encoding': encoding },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        const text =
          encoding === 'br'
            ? brotliDecompressSync(res.rawPayload).toString()
            : gunzipSync(res.rawPayload).toString();
        expect(JSON.parse(text)).toEqual(plain);
      }
    }
    await call(a.app, 'rm/default');
  });

  it('writes exactly the fields of the route’s schema', async () => {
    await call(a.app, 'append/default/NASDAQ:AAPL');
    await call(a.app, 'append/default/NASDAQ:MSFT');
    const body = await withFinancials(a.app);
    // The schema's parse keeps declared fields only: equal means nothing was added or left out.
    expect(watchlistResponseSchema.parse(body)).toEqual(body);
    expect(Object.keys(body.financials?.['NASDAQ:AAPL'] ?? {})).toEqual([
      'exchange_ticker',
      'image',
      'company_name',
      'quote_type',
      'price',
      'previous_close',
      'current_open',
      'currency',
      'change',
      'change_pct',
      'day_low',
      'day_high',
      'change_pct_1',
      'change_pct_8',
      'change_pct_31',
      'change_pct_365',
      'as_of',
      'updated_at',
      'source',
    ]);
  });

  it('reuses financials for 5 s, never past the snapshots’ freshness limit', async () => {
    clock.set(T0);
    await call(a.app, 'rm/default');
    await call(a.app, 'append/default/NASDAQ:NVDA');
    // The first call refreshes the quote (none stored yet), the second keeps the answer.
    await withFinancials(a.app);
    const before = (await withFinancials(a.app)).financials?.['NASDAQ:NVDA'];
    expect(before?.updated_at).toBe(T0.getTime() / 1000);

    // Another process stores a new quote (same instant): this process's answer is kept a while.
    await a.database.db
      .updateTable('quote_snapshots')
      .set({ price: 1.2345 })
      .where('exchange_ticker', '=', 'NASDAQ:NVDA')
      .execute();
    expect((await withFinancials(a.app)).financials?.['NASDAQ:NVDA']?.price).toBe(before?.price);
    // B had not asked yet: it reads the stored quote.
    expect((await withFinancials(b)).financials?.['NASDAQ:NVDA']?.price).toBe(1.2345);

    // 6 s later the kept answer is gone; the snapshot (6 s old) is fresh and served as stored.
    clock.set(new Date(T0.getTime() + 6_000));
    expect((await withFinancials(a.app)).financials?.['NASDAQ:NVDA']?.price).toBe(1.2345);

    // 70 s later the snapshot is stale: refreshed inline from the provider, not served from memory.
    clock.set(new Date(T0.getTime() + 70_000));
    const after = (await withFinancials(a.app)).financials?.['NASDAQ:NVDA'];
    expect(after?.price).not.toBe(1.2345);
    expect(after?.updated_at).toBe(T0.getTime() / 1000 + 70);
  });

  it('keeps a history answer until this process stores bars of its symbol', async () => {
    clock.set(T0);
    const history = async (symbol: string) => {
      const res = await a.app.inject({
        method: 'GET',
        url: `/api/ticker/history/${symbol}?range=1m`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ results: { close: number }[] }>().results;
    };
    const apple = await history('NASDAQ:AAPL');
    const microsoft = await history('NASDAQ:MSFT');
    // Another process rewrites the stored closes: the answers are kept for their lifetime.
    await sql`
      update price_series set close = array_fill(1.2345::float8, array[cardinality(days)])
      where exchange_ticker in ('NASDAQ:AAPL', 'NASDAQ:MSFT')`.execute(a.database.db);
    expect((await history('NASDAQ:AAPL'))[0]?.close).toBe(apple[0]?.close);

    // This process stores bars of AAPL (a quote refresh finds its history behind): AAPL's answer
    // is built again from the database, MSFT's is kept.
    await sql`
      update price_history_status set last_day = last_day - 5
      where exchange_ticker = 'NASDAQ:AAPL'`.execute(a.database.db);
    await sql`
      update quote_snapshots set updated_at = ${new Date(T0.getTime() - 3_600_000)}
      where exchange_ticker = 'NASDAQ:AAPL'`.execute(a.database.db);
    const refreshed = await a.app.inject({
      method: 'GET',
      url: '/api/company/financials/get/NASDAQ:AAPL',
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await history('NASDAQ:AAPL'))[0]?.close).toBe(1.2345);
    expect((await history('NASDAQ:MSFT'))[0]?.close).toBe(microsoft[0]?.close);
  });
});
