import type { QuoteSummaryResult } from 'yahoo-finance2/modules/quoteSummary-iface';
import { afterEach, describe, expect, it } from 'vitest';
import { startYahooReplayServer, type YahooReplayServer } from './fixtures/yahoo-replay-server.ts';
import { createYahooMarketDataProvider } from './yahoo-market-data-provider.ts';
import { mapFundamentals } from './yahoo-event-mapping.ts';

let server: YahooReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the Yahoo provider's fundamentals for the screener (quoteSummary)", () => {
  it('reads shares, the dividend and the earnings per share in the trading currency; an unknown ticker is left out', async () => {
    server = await startYahooReplayServer();
    const provider = createYahooMarketDataProvider({
      baseUrl: server.baseUrl,
      requestsPerSecond: 200,
      now: () => new Date('2026-11-21T12:00:00Z'),
    });
    const figures = await provider.fundamentals!(['NASDAQ:AAPL', 'NASDAQ:RIVN', 'NASDAQ:NOPE']);
    expect(figures.map((row) => row.symbol)).toEqual(['NASDAQ:AAPL', 'NASDAQ:RIVN']);
    const [apple, rivian] = figures;
    expect(apple?.shares_outstanding).toBe(14_776_353_000);
    // A yield of 0.38 % at 274.91: 1.045 a share (Yahoo's forward rate is 1.04).
    expect(apple?.dividend_per_share).toBeCloseTo(0.0038 * 274.91, 6);
    // 274.91 at a trailing P/E of 36.85: 7.46 a share, Yahoo's trailing EPS.
    expect(apple?.eps_ttm).toBeCloseTo(7.46, 6);
    // Pays nothing (a known 0) and lost money: the loss is kept, so no P/E is derived from it.
    expect(rivian).toEqual({
      symbol: 'NASDAQ:RIVN',
      shares_outstanding: 1_214_186_240,
      dividend_per_share: 0,
      eps_ttm: -3.42,
    });
    const asked = server.requests.filter((r) => r.path.startsWith('/v10/finance/quoteSummary/'));
    expect(asked.map((r) => r.query.get('modules'))).toEqual(
      Array(3).fill('summaryDetail,defaultKeyStatistics,price'),
    );
  });

  it('leaves a figure unknown when Yahoo does not give it, and reads pence as pounds', () => {
    const bare = { price: { regularMarketPrice: 1234, currency: 'GBp' } } as QuoteSummaryResult;
    expect(mapFundamentals('LSE:ULVR', bare)).toEqual({
      symbol: 'LSE:ULVR',
      shares_outstanding: null,
      dividend_per_share: null,
      eps_ttm: null,
    });
    const quoted = {
      ...bare,
      summaryDetail: { dividendYield: 0.03, trailingPE: 20 },
    } as unknown as QuoteSummaryResult;
    const figures = mapFundamentals('LSE:ULVR', quoted);
    // 1,234 pence is 12.34 pounds: 3 % of it, and a twentieth of it.
    expect(figures.dividend_per_share).toBeCloseTo(0.3702, 6);
    expect(figures.eps_ttm).toBeCloseTo(0.617, 6);
  });
});
