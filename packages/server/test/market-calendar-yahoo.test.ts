import { companyUpcomingResponseSchema } from '@app/shared/api/market-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { refreshMarketCalendarJob } from '../src/modules/market-calendar/market-calendar.jobs.ts';
import {
  startYahooReplayServer,
  type YahooReplayServer,
} from '../src/providers/market-data/yahoo/fixtures/yahoo-replay-server.ts';
import { createYahooMarketDataProvider } from '../src/providers/market-data/yahoo/yahoo-market-data-provider.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { jobDeps } from './helpers/job-deps.ts';

describe('the market calendar on Yahoo data', () => {
  const clock = fixedClock('2026-11-21T12:00:00Z');
  let server: YahooReplayServer;
  let t: TestApp;
  const quoteSummaries = () =>
    server.paths().filter((p) => p.startsWith('/v10/finance/quoteSummary/')).length;

  beforeAll(async () => {
    server = await startYahooReplayServer();
    const yahoo = () =>
      createYahooMarketDataProvider({
        baseUrl: server.baseUrl,
        requestsPerSecond: 1_000,
        concurrency: 8,
        now: () => clock.now(),
      });
    t = await buildTestApp({ demoCompanies: true, clock, marketData: yahoo() });
    await refreshMarketCalendarJob.handler(
      {},
      jobDeps(t.database.db, {}, { clock, marketData: yahoo() }),
    );
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it("stores Yahoo's next results and ex-date, and answers pages from the database alone", async () => {
    const asked = quoteSummaries();
    expect(asked).toBeGreaterThan(100);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/market-calendar/company/NASDAQ:AAPL',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = companyUpcomingResponseSchema.parse(res.json());
    expect(body.source).toBe('yahoo');
    expect(body.next_earnings).toMatchObject({
      date: '2027-01-28',
      timing: 'after-close',
      eps_estimate: 2.66,
      eps_reported: null,
      source: 'yahoo',
    });
    // The ex-date of 10 November has passed on 21 November: no next ex-date is known.
    expect(body.next_ex_dividend).toBeNull();
    const week = await t.app.inject({
      method: 'GET',
      url: '/api/market-calendar/week?kind=earnings&week=2027-01-25',
    });
    expect(week.json<{ events: { symbol: string }[] }>().events.map((e) => e.symbol)).toEqual([
      'NASDAQ:MSFT',
      'NASDAQ:AAPL',
    ]);
    expect(quoteSummaries()).toBe(asked);
  });
});
