import { afterEach, describe, expect, it } from 'vitest';
import { startYahooReplayServer, type YahooReplayServer } from './fixtures/yahoo-replay-server.ts';
import { createYahooMarketDataProvider } from './yahoo-market-data-provider.ts';

let server: YahooReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(now = new Date('2026-11-21T12:00:00Z')) {
  server = await startYahooReplayServer();
  const warnings: string[] = [];
  const clock = { at: now };
  const provider = createYahooMarketDataProvider({
    baseUrl: server.baseUrl,
    requestsPerSecond: 200,
    concurrency: 4,
    timeoutMs: 2_000,
    now: () => clock.at,
    log: { warn: (_obj, msg) => warnings.push(msg) },
  });
  return { server, provider, warnings, clock };
}

describe("the Yahoo provider's corporate calendar (quoteSummary calendarEvents)", () => {
  it('gives the earnings, ex-dividend and payment dates in the range, on our symbols', async () => {
    const { server, provider } = await setup();
    const events = await provider.calendar!(
      ['NASDAQ:AAPL', 'NASDAQ:MSFT', 'NASDAQ:NOPE'],
      '2026-11-01',
      '2027-02-28',
    );

    expect(events).toEqual([
      { symbol: 'NASDAQ:AAPL', kind: 'dividend', date: '2026-11-10', detail: 'Ex-dividend date' },
      {
        symbol: 'NASDAQ:AAPL',
        kind: 'dividend',
        date: '2026-11-13',
        detail: 'Dividend payment date',
      },
      {
        symbol: 'NASDAQ:MSFT',
        kind: 'earnings',
        date: '2027-01-26',
        detail: 'Results (estimated date)',
      },
      { symbol: 'NASDAQ:AAPL', kind: 'earnings', date: '2027-01-28', detail: 'Results' },
    ]);
    const asked = server.requests.filter((r) => r.path.startsWith('/v10/finance/quoteSummary/'));
    expect(asked.map((r) => r.path)).toEqual([
      '/v10/finance/quoteSummary/AAPL',
      '/v10/finance/quoteSummary/MSFT',
      '/v10/finance/quoteSummary/NOPE',
    ]);
    for (const request of asked) expect(request.query.get('modules')).toBe('calendarEvents');
  });

  it('leaves out dates outside the range', async () => {
    const { provider } = await setup();
    expect(await provider.calendar!(['NASDAQ:AAPL'], '2026-11-11', '2026-12-31')).toEqual([
      {
        symbol: 'NASDAQ:AAPL',
        kind: 'dividend',
        date: '2026-11-13',
        detail: 'Dividend payment date',
      },
    ]);
  });

  it('reuses an answer for six hours, then asks Yahoo again', async () => {
    const { server, provider, clock } = await setup();
    const calls = () => server.paths().filter((p) => p === '/v10/finance/quoteSummary/AAPL').length;
    await provider.calendar!(['NASDAQ:AAPL'], '2026-11-01', '2027-02-28');
    await provider.calendar!(['NASDAQ:AAPL'], '2026-12-01', '2027-02-28');
    expect(calls()).toBe(1);
    clock.at = new Date('2026-11-21T18:30:00Z');
    await provider.calendar!(['NASDAQ:AAPL'], '2026-12-01', '2027-02-28');
    expect(calls()).toBe(2);
  });

  it('keeps the symbols Yahoo answered when another fails, and fails when none answered', async () => {
    const { server, provider, warnings } = await setup();
    server.scriptNext('/v10/finance/quoteSummary/MSFT', { status: 500, body: 'down' });
    const events = await provider.calendar!(
      ['NASDAQ:MSFT', 'NASDAQ:AAPL'],
      '2026-11-01',
      '2027-02-28',
    );
    expect(new Set(events.map((e) => e.symbol))).toEqual(new Set(['NASDAQ:AAPL']));
    expect(warnings).toContain('Yahoo calendar request failed');

    server.scriptNext('/v10/finance/quoteSummary/MSFT', { status: 500, body: 'down' });
    await expect(provider.calendar!(['NASDAQ:MSFT'], '2026-11-01', '2027-02-28')).rejects.toThrow(
      /Yahoo calendar of MSFT failed/,
    );
  });
});
