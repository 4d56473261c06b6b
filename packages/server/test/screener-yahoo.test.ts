import type { ScreenerResponse, ScreenerRow } from '@app/shared/api/screener';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import {
  startYahooReplayServer,
  type YahooReplayServer,
} from '../src/providers/market-data/yahoo/fixtures/yahoo-replay-server.ts';
import { createYahooMarketDataProvider } from '../src/providers/market-data/yahoo/yahoo-market-data-provider.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { jobDeps } from './helpers/job-deps.ts';

const clock = fixedClock('2026-11-23T15:00:00Z');
/** Listings and their stored prices; Yahoo knows AAPL and RIVN, not ZZZZ. */
const LISTINGS = [
  { symbol: 'NASDAQ:AAPL', price: 274.91 },
  { symbol: 'NASDAQ:RIVN', price: 15.52 },
  { symbol: 'NASDAQ:ZZZZ', price: 8 },
];

/**
 * On MARKET_DATA=yahoo the screener's refresh stores Yahoo's shares, dividend and earnings per
 * share (quoteSummary, from a local server answering in Yahoo's shape), so market value, yield and
 * P/E are known where Yahoo gives them and unknown where it does not.
 */
describe('the screener on Yahoo fundamentals', () => {
  let t: TestApp;
  let yahoo: YahooReplayServer;

  beforeAll(async () => {
    yahoo = await startYahooReplayServer();
    t = await buildTestApp({ clock });
    const db = t.database.db;
    for (const { symbol, price } of LISTINGS) {
      const [exchange = '', ticker = ''] = symbol.split(':');
      const company = await db
        .insertInto('companies')
        .values({
          company_name: `${ticker} Inc.`,
          safe_name: ticker.toLowerCase(),
          exchange_tickers: [symbol],
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
          source: 'yahoo',
          as_of: clock.now(),
        })
        .execute();
    }
    const worker = jobDeps(
      db,
      {},
      {
        clock,
        marketData: createYahooMarketDataProvider({
          baseUrl: yahoo.baseUrl,
          requestsPerSecond: 200,
          now: () => clock.now(),
        }),
      },
    );
    await worker.services.screener.refresh({ fundamentals: true });
    worker.services.close();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await yahoo.close();
  });

  const rows = async (): Promise<Record<string, ScreenerRow>> => {
    const res = await t.app.inject('/api/screener/query?order_by=exchange_ticker');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ScreenerResponse>();
    return Object.fromEntries(body.listings.map((row) => [row.exchange_ticker, row]));
  };

  it('derives market value, yield and P/E from what Yahoo gives', async () => {
    const { 'NASDAQ:AAPL': apple, 'NASDAQ:RIVN': rivian } = await rows();
    expect(apple?.market_cap).toBeCloseTo(14_776_353_000 * 274.91, -3);
    expect(apple?.dividend_yield).toBeCloseTo(0.38, 6);
    expect(apple?.pe_ratio).toBeCloseTo(36.851208, 4);
    expect(rivian?.market_cap).toBeCloseTo(1_214_186_240 * 15.52, -3);
    // Pays nothing: a yield of 0; at a loss: no P/E.
    expect(rivian?.dividend_yield).toBe(0);
    expect(rivian?.pe_ratio).toBeNull();
  });

  it('shows the figures of a listing Yahoo does not know as unknown', async () => {
    const { 'NASDAQ:ZZZZ': unknown } = await rows();
    expect(unknown).toMatchObject({ price: 8, market_cap: null, dividend_yield: null });
    expect(unknown?.pe_ratio).toBeNull();
    const stored = await t.database.db
      .selectFrom('listing_fundamentals')
      .select(['exchange_ticker', 'source'])
      .orderBy('exchange_ticker')
      .execute();
    expect(stored).toEqual([
      { exchange_ticker: 'NASDAQ:AAPL', source: 'yahoo' },
      { exchange_ticker: 'NASDAQ:RIVN', source: 'yahoo' },
    ]);
  });
});
