import type { ScreenerResponse } from '@app/shared/api/screener';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { waitFor } from './helpers/wait.ts';

const clock = fixedClock('2026-06-15T18:00:00Z');
const LISTINGS = [
  { symbol: 'NASDAQ:AAA', sector: 'Energy', price: 10 },
  { symbol: 'NYSE:BBB', sector: 'Energy', price: 20 },
  { symbol: 'NYSE:CCC', sector: 'Utilities', price: 30 },
];

/**
 * With SCREENER_CACHE on, an API process keeps visitors' screener answers until the metrics
 * refresh (which may run in another process: here a worker's services) NOTIFYs that it
 * committed; screens of the caller's own watchlist or holdings are never kept.
 */
describe('screener answers kept until the metrics refresh', () => {
  let t: TestApp;
  const refresh = async () => {
    const worker = jobDeps(t.database.db, {}, { clock });
    await worker.services.screener.refresh({ fundamentals: false });
    worker.services.close();
  };
  const screen = async (query: string, token?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/screener/query?${query}`,
      headers: token ? bearer(token) : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ScreenerResponse>();
    return {
      total: body.total,
      prices: Object.fromEntries(body.listings.map((row) => [row.exchange_ticker, row.price])),
    };
  };
  const setPrice = (symbol: string, price: number) =>
    sql`update screener_metrics set price = ${price} where exchange_ticker = ${symbol}`.execute(
      t.database.db,
    );

  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { SCREENER_CACHE: 'on' } });
    const db = t.database.db;
    for (const { symbol, sector, price } of LISTINGS) {
      const [exchange = '', ticker = ''] = symbol.split(':');
      const company = await db
        .insertInto('companies')
        .values({
          company_name: `${ticker} Corp`,
          safe_name: ticker.toLowerCase(),
          exchange_tickers: [symbol],
          gics_sector: sector,
          gics_sub_industry: 'Test',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('securities')
        .values({ exchange_ticker: symbol, ticker, exchange, company_id: company.id })
        .execute();
      await db
        .insertInto('quote_snapshots')
        .values({
          exchange_ticker: symbol,
          price,
          previous_close: price,
          open: price,
          day_low: price,
          day_high: price,
          change: 0,
          change_pct: 0,
          currency: 'USD',
          source: 'demo',
          as_of: clock.now(),
        })
        .execute();
    }
    await refresh();
    // The first screen starts the process's listener; nothing is kept until it listens. (A hub
    // connection in pg_stat_activity is not enough: the worker's services of `refresh` open one
    // too, and a connection listens only once its LISTENs are done.)
    await screen('sector=Energy');
    await waitFor(() => Promise.resolve(t.services.screener.cacheStats()?.listening === true));
  }, 120_000);
  afterAll(() => t.close());

  it('answers a screen from memory until the refresh, then from the new metrics', async () => {
    expect(await screen('sector=Energy&order_by=price')).toEqual({
      total: 2,
      prices: { 'NASDAQ:AAA': 10, 'NYSE:BBB': 20 },
    });
    // A write that is not the refresh (no notice): the kept answer stands.
    await setPrice('NASDAQ:AAA', 11);
    expect((await screen('sector=Energy&order_by=price')).prices['NASDAQ:AAA']).toBe(10);
    // A screen not asked before reads the table.
    expect((await screen('sector=Energy&order_by=-price')).prices['NASDAQ:AAA']).toBe(11);

    await sql`update quote_snapshots set price = 12 where exchange_ticker = 'NASDAQ:AAA'`.execute(
      t.database.db,
    );
    await refresh();
    await waitFor(
      async () => (await screen('sector=Energy&order_by=price')).prices['NASDAQ:AAA'] === 12,
    );
  });

  it('counts a screen’s matches once for all its pages and sorts, until the refresh', async () => {
    expect((await screen('sector=Utilities&limit=1')).total).toBe(1);
    await sql`update screener_metrics set sector = 'Utilities' where exchange_ticker = 'NYSE:BBB'`.execute(
      t.database.db,
    );
    // Another page of the same filters: its rows are read, its count is the kept one.
    const sorted = await screen('sector=Utilities&order_by=-price&limit=5');
    expect(sorted).toEqual({ total: 1, prices: { 'NYSE:BBB': 20, 'NYSE:CCC': 30 } });
    await sql`update quote_snapshots set price = 31 where exchange_ticker = 'NYSE:CCC'`.execute(
      t.database.db,
    );
    await refresh();
    await waitFor(async () => (await screen('sector=Utilities&limit=1')).prices['NYSE:CCC'] === 31);
    // The refresh wrote BBB's sector back from its company: pages and counts are read afresh.
    expect(await screen('sector=Utilities&order_by=-price&limit=5')).toEqual({
      total: 1,
      prices: { 'NYSE:CCC': 31 },
    });
  });

  it('never keeps a screen of the caller’s own watchlist', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    for (const [user, symbol] of [
      [alice, 'NASDAQ:AAA'],
      [bob, 'NYSE:BBB'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/ticker/user/watchlist/append/default/${symbol}`,
        headers: bearer(user.token),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const query = 'in_watchlist=1&sector=Energy';
    expect(Object.keys((await screen(query, alice.token)).prices)).toEqual(['NASDAQ:AAA']);
    expect(Object.keys((await screen(query, bob.token)).prices)).toEqual(['NYSE:BBB']);
    await setPrice('NASDAQ:AAA', 99);
    expect((await screen(query, alice.token)).prices['NASDAQ:AAA']).toBe(99);
  });
});
