import type { ChartResultArray } from 'yahoo-finance2/modules/chart';
import { afterEach, describe, expect, it } from 'vitest';
import { UNKNOWN_EVENT_FIGURES } from '../market-data-provider.ts';
import { startYahooReplayServer, type YahooReplayServer } from './fixtures/yahoo-replay-server.ts';
import { createYahooMarketDataProvider } from './yahoo-market-data-provider.ts';
import { mapChartEvents } from './yahoo-event-mapping.ts';

let server: YahooReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the Yahoo provider's events for the market calendar (quoteSummary calendarEvents, chart events)", () => {
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
    // The past year's dividends of the chart's events, with their amounts and no pay date.
    const paid = ['2026-02-09', '2026-05-11', '2026-08-11'].map((date) => ({
      ...blank,
      symbol: 'NASDAQ:AAPL',
      kind: 'dividend',
      date,
      timing: 'unknown',
      eps_estimate: null,
      revenue_estimate: null,
      ex_date: date,
      pay_date: null,
      amount: 0.26,
    }));
    expect(events).toEqual([
      ...paid,
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
        // calendarEvents has no amount; the chart's dividend of that ex-date gives it.
        amount: 0.26,
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

describe('the chart events of a split', () => {
  it('become a split of the session’s day with its ratio; a dividend without an amount is left out', () => {
    const open = new Date('2024-06-10T13:30:00Z');
    const chart = {
      meta: {},
      quotes: [],
      events: {
        splits: [{ date: open, numerator: 10, denominator: 1, splitRatio: '10:1' }],
        dividends: [{ date: open, amount: Number.NaN }],
      },
    } as unknown as ChartResultArray;
    expect(mapChartEvents('NASDAQ:NVDA', chart)).toEqual([
      {
        symbol: 'NASDAQ:NVDA',
        ...UNKNOWN_EVENT_FIGURES,
        kind: 'split',
        date: '2024-06-10',
        timing: 'unknown',
        split_ratio: '10:1',
      },
    ]);
  });
});
