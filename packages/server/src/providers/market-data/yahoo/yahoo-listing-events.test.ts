import { afterEach, describe, expect, it } from 'vitest';
import { startYahooReplayServer, type YahooReplayServer } from './fixtures/yahoo-replay-server.ts';
import { createYahooMarketDataProvider } from './yahoo-market-data-provider.ts';

let server: YahooReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the Yahoo provider's events for the market calendar (quoteSummary calendarEvents)", () => {
  it('gives confirmed results with their time of day and consensus, and the next ex-date with its pay date', async () => {
    server = await startYahooReplayServer();
    const provider = createYahooMarketDataProvider({
      baseUrl: server.baseUrl,
      requestsPerSecond: 200,
      now: () => new Date('2026-11-21T12:00:00Z'),
    });
    const events = await provider.listingEvents!(['NASDAQ:AAPL', 'NASDAQ:MSFT', 'NASDAQ:NOPE']);
    const blank = {
      fiscal_quarter: null,
      eps_reported: null,
      revenue_reported: null,
      declared_date: null,
      record_date: null,
      split_ratio: null,
    };
    expect(events).toEqual([
      {
        ...blank,
        symbol: 'NASDAQ:AAPL',
        kind: 'dividend',
        date: '2026-11-10',
        timing: 'unknown',
        eps_estimate: null,
        revenue_estimate: null,
        ex_date: '2026-11-10',
        pay_date: '2026-11-13',
        // Yahoo's calendarEvents has no amount: unknown, not guessed.
        amount: null,
      },
      {
        ...blank,
        // A two-day window: the first day, the time of day unknown, no consensus in the answer.
        symbol: 'NASDAQ:MSFT',
        kind: 'earnings',
        date: '2027-01-26',
        timing: 'unknown',
        eps_estimate: null,
        revenue_estimate: null,
        ex_date: null,
        pay_date: null,
        amount: null,
      },
      {
        ...blank,
        // 21:30 UTC on 28 January is 16:30 in New York: after the close.
        symbol: 'NASDAQ:AAPL',
        kind: 'earnings',
        date: '2027-01-28',
        timing: 'after-close',
        eps_estimate: 2.66,
        revenue_estimate: 137_956_000_000,
        ex_date: null,
        pay_date: null,
        amount: null,
      },
    ]);
  });
});
