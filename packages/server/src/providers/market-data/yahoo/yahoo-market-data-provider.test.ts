import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { createMarketDataProvider } from '../create-market-data-provider.ts';
import {
  RECORDED_CRUMB,
  startYahooReplayServer,
  type YahooReplayServer,
} from './fixtures/yahoo-replay-server.ts';
import {
  createYahooMarketDataProvider,
  type YahooMarketDataProviderOptions,
} from './yahoo-market-data-provider.ts';
import { systemClock } from '../../../clock.ts';

// The chart fixture was recorded on Friday 2026-11-20 at 15:04 in New York, mid-session.
const afterFridayClose = new Date('2026-11-21T12:00:00Z');
const duringFridaySession = new Date('2026-11-20T20:30:00Z');

let server: YahooReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A replay server and a Yahoo provider pointed at it (fast pacing unless the test says otherwise). */
async function setup(
  options: YahooMarketDataProviderOptions = {},
  serverOptions: { delayMs?: number } = {},
) {
  server = await startYahooReplayServer(serverOptions);
  const warnings: { obj: object; msg: string }[] = [];
  const provider = createYahooMarketDataProvider({
    baseUrl: server.baseUrl,
    requestsPerSecond: 200,
    concurrency: 4,
    timeoutMs: 2_000,
    now: () => afterFridayClose,
    log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    ...options,
  });
  return { server, provider, warnings };
}

describe('the Yahoo market-data provider against recorded Yahoo responses', () => {
  it('fetches a crumb, then quotes a batch, mapping Yahoo fields and leaving unknown symbols out', async () => {
    const { server, provider } = await setup();
    const quotes = await provider.getQuotes([
      'NASDAQ:AAPL',
      'nasdaq:msft',
      'NASDAQ:NOPE',
      'NYSE:BRK.B',
      'LSE:BARC',
      'OTC:WHAT',
    ]);

    expect(quotes.map((q) => q.symbol)).toEqual([
      'NASDAQ:AAPL',
      'NASDAQ:MSFT',
      'NYSE:BRK.B',
      'LSE:BARC',
    ]);
    expect(quotes[0]).toEqual({
      symbol: 'NASDAQ:AAPL',
      price: 274.91,
      previous_close: 273.47,
      open: 273.1,
      day_low: 272.81,
      day_high: 275.35,
      change: 1.44,
      change_pct: 0.52656597,
      currency: 'USD',
      as_of: new Date('2026-11-20T21:00:02Z'),
    });
    // The LSE quotes in pence; we quote pounds.
    expect(quotes[3]).toMatchObject({ symbol: 'LSE:BARC', currency: 'GBP', change_pct: 1.1012 });
    expect(quotes[3]!.price).toBeCloseTo(3.8945, 10);
    expect(quotes[3]!.previous_close).toBeCloseTo(3.8521, 10);

    // The library's own session flow ran against the replay server: page (cookie), crumb, quote.
    expect(server.paths()).toEqual(['/quote/AAPL', '/v1/test/getcrumb', '/v7/finance/quote']);
    const quoteRequest = server.requests[2]!;
    expect(quoteRequest.query.get('symbols')).toBe('AAPL,MSFT,NOPE,BRK-B,BARC.L');
    expect(quoteRequest.query.get('crumb')).toBe(RECORDED_CRUMB);
    expect(quoteRequest.headers.cookie).toContain('A3=');
  });

  it('asks for at most 50 symbols per quote request and reuses the crumb', async () => {
    const { server, provider } = await setup();
    const symbols = Array.from({ length: 59 }, (_, i) => `NYSE:T${i}`);
    const quotes = await provider.getQuotes([...symbols, 'NASDAQ:AAPL']);

    expect(quotes.map((q) => q.symbol)).toEqual(['NASDAQ:AAPL']);
    const batches = server.requests
      .filter((r) => r.path === '/v7/finance/quote')
      .map((r) => (r.query.get('symbols') ?? '').split(',').length);
    expect(batches).toEqual([50, 10]);
    expect(server.paths().filter((p) => p === '/v1/test/getcrumb')).toHaveLength(1);
    expect(await provider.getQuotes([])).toEqual([]);
  });

  it('fetches a new crumb once when Yahoo rejects the old one', async () => {
    const { server, provider } = await setup();
    await provider.getQuotes(['NASDAQ:AAPL']);
    server.scriptNext('/v7/finance/quote', {
      status: 401,
      headers: { 'content-type': 'application/json' },
      body: '{"finance":{"result":null,"error":{"code":"Unauthorized","description":"Invalid Crumb"}}}',
    });

    const quotes = await provider.getQuotes(['NASDAQ:MSFT']);

    expect(quotes.map((q) => q.price)).toEqual([512.33]);
    expect(server.paths().filter((p) => p === '/v1/test/getcrumb')).toHaveLength(2);
  });

  it('gives complete daily bars, oldest first, on exchange-local days, without null bars', async () => {
    const { server, provider } = await setup();
    const bars = await provider.getDailyHistory('NASDAQ:AAPL', '2026-11-10', '2026-11-30');

    expect(bars.map((b) => b.date)).toEqual([
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(bars[0]).toEqual({
      date: '2026-11-10',
      open: 271.20001220703125,
      high: 273.7300109863281,
      low: 270.1099853515625,
      close: 272.8500061035156,
      volume: 38764200,
    });
    for (const bar of bars) expect(Number.isInteger(bar.volume)).toBe(true);

    const chart = server.requests.find((r) => r.path === '/v8/finance/chart/AAPL')!;
    expect(chart.query.get('interval')).toBe('1d');
    expect(Number(chart.query.get('period1'))).toBe(Date.parse('2026-11-09T00:00:00Z') / 1000);
    expect(Number(chart.query.get('period2'))).toBe(Date.parse('2026-12-02T00:00:00Z') / 1000);
  });

  it('leaves out the bar of a session that is still trading', async () => {
    const { provider } = await setup({ now: () => duringFridaySession });
    const bars = await provider.getDailyHistory('NASDAQ:AAPL', '2026-11-18', '2026-11-20');
    expect(bars.map((b) => b.date)).toEqual(['2026-11-18', '2026-11-19']);
  });

  it('gives no history for a symbol Yahoo does not know or we cannot map', async () => {
    const { server, provider } = await setup();
    expect(await provider.getDailyHistory('NYSE:NOPE', '2026-11-01', '2026-11-20')).toEqual([]);
    expect(await provider.getDailyHistory('OTC:WHAT', '2026-11-01', '2026-11-20')).toEqual([]);
    expect(server.paths()).toEqual(['/v8/finance/chart/NOPE']);
  });

  it('builds the profile from quoteSummary, with GICS sector names', async () => {
    const { server, provider } = await setup();
    const profile = await provider.getProfile('nasdaq:aapl');

    expect(profile).toMatchObject({
      symbol: 'NASDAQ:AAPL',
      name: 'Apple Inc.',
      sector: 'Information Technology',
      sub_industry: 'Consumer Electronics',
      website: 'https://www.apple.com',
      quote_type: 'EQUITY',
      currency: 'USD',
    });
    expect(profile?.summary).toMatch(/^Apple Inc\. designs, manufactures/);
    const request = server.requests.find((r) => r.path === '/v10/finance/quoteSummary/AAPL')!;
    expect(request.query.get('modules')).toBe('price,summaryProfile,quoteType');
    expect(await provider.getProfile('NASDAQ:NOPE')).toBeNull();
  });

  it('searches equities and ETFs only, mapped to EXCHANGE:TICKER', async () => {
    const { server, provider } = await setup();
    const matches = await provider.search('  apple ', 10);

    expect(matches).toEqual([
      { symbol: 'NASDAQ:AAPL', name: 'Apple Inc.', quote_type: 'EQUITY' },
      { symbol: 'NYSE:APLE', name: 'Apple Hospitality REIT, Inc.', quote_type: 'EQUITY' },
      { symbol: 'XETRA:APC', name: 'Apple Inc.', quote_type: 'EQUITY' },
      { symbol: 'NASDAQ:AAPB', name: 'GraniteShares 2x Long AAPL Daily ETF', quote_type: 'ETF' },
    ]);
    expect((await provider.search('apple', 2)).map((m) => m.symbol)).toEqual([
      'NASDAQ:AAPL',
      'NYSE:APLE',
    ]);
    expect(await provider.search('zzzz', 5)).toEqual([]);
    expect(await provider.search('   ', 5)).toEqual([]);
    expect(server.requests.map((r) => r.query.get('q'))).toEqual(['apple', 'apple', 'zzzz']);
  });

  it("lists each symbol's news from Yahoo search, each story once", async () => {
    const { server, provider } = await setup();
    const stories = await provider.news?.(['NASDAQ:AAPL', 'NASDAQ:MSFT', 'NASDAQ:AAPL'], 10);
    expect(stories?.map((s) => s.id)).toEqual([
      '6b1f0e9c-3d8a-3c52-9f0e-5c7a1d2e4b11',
      '0a4c9d2e-7f61-3b8e-a2d4-91e6c3f5b702',
      'c3e8b1a7-52d9-34f0-8c6b-2f1d7e9a0c55',
      '9d27f4c0-1e3b-3a6d-b8f2-4c5e6a7b8d90',
    ]);
    expect(stories?.[0]).toEqual({
      id: '6b1f0e9c-3d8a-3c52-9f0e-5c7a1d2e4b11',
      title: "Apple's iPhone 18 supply chain ramps up as holiday orders beat forecasts",
      publisher: 'Reuters',
      link: 'https://finance.yahoo.com/news/apple-iphone-18-supply-chain-ramps-183012345.html',
      published_at: new Date('2026-11-20T18:30:12Z'),
      related: ['AAPL', 'TSM'],
    });
    const searches = server.requests.filter((r) => r.path === '/v1/finance/search');
    expect(searches.map((r) => r.query.get('q'))).toEqual(['AAPL', 'MSFT', 'AAPL']);
    expect(searches[0]?.query.get('newsCount')).toBe('10');
    expect(searches[0]?.query.get('quotesCount')).toBe('0');
  });

  it('fails the news only when every symbol failed', async () => {
    const { server, provider, warnings } = await setup({ maxRetries: 0 });
    server.scriptNext('/v1/finance/search', { status: 500, body: 'oops' });
    const stories = await provider.news?.(['NASDAQ:MSFT', 'NASDAQ:AAPL'], 5);
    expect(stories).toHaveLength(4);
    expect(warnings.some((w) => w.msg === 'Yahoo news request failed')).toBe(true);
    server.scriptNext('/v1/finance/search', { status: 500, body: 'oops' });
    await expect(provider.news?.(['NASDAQ:AAPL'], 5)).rejects.toThrow(/Yahoo news of AAPL failed/);
  });
});

describe('the Yahoo provider under Yahoo rate limits and failures', () => {
  it('starts no more than requestsPerSecond requests a second', async () => {
    const { server, provider } = await setup({ requestsPerSecond: 5, concurrency: 6 });
    await Promise.all(
      Array.from({ length: 6 }, () =>
        provider.getDailyHistory('NASDAQ:AAPL', '2026-11-10', '2026-11-20'),
      ),
    );

    const times = server.requests.map((r) => r.at);
    expect(times).toHaveLength(6);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(950);
    for (let i = 1; i < times.length; i += 1) {
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(150);
    }
  });

  it('never has more than `concurrency` requests in flight', async () => {
    const { server, provider } = await setup({ concurrency: 2 }, { delayMs: 60 });
    await Promise.all(
      Array.from({ length: 6 }, () =>
        provider.getDailyHistory('NASDAQ:AAPL', '2026-11-10', '2026-11-20'),
      ),
    );
    expect(server.requests).toHaveLength(6);
    expect(server.maxInFlight()).toBe(2);
  });

  it('backs off after a 429 for the Retry-After Yahoo asks for, then retries', async () => {
    const { server, provider, warnings } = await setup();
    server.scriptNext('/v8/finance/chart/', {
      status: 429,
      headers: { 'retry-after': '1', 'content-type': 'text/html' },
      body: 'Too Many Requests\r\n',
    });

    const bars = await provider.getDailyHistory('NASDAQ:AAPL', '2026-11-19', '2026-11-20');

    expect(bars.map((b) => b.date)).toEqual(['2026-11-19', '2026-11-20']);
    const [first, second] = server.requests;
    expect(server.paths()).toEqual(['/v8/finance/chart/AAPL', '/v8/finance/chart/AAPL']);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(warnings).toEqual([expect.objectContaining({ msg: expect.stringContaining('429') })]);
  });

  it('gives up with a clear error when Yahoo keeps answering 429', async () => {
    const { server, provider } = await setup({ maxRetries: 2 });
    for (let i = 0; i < 3; i += 1) {
      server.scriptNext('/v1/finance/search', { status: 429, headers: { 'retry-after': '0' } });
    }
    await expect(provider.search('apple', 5)).rejects.toThrow(
      /Yahoo search for 'apple' failed: .*HTTP 429 .*after 2 retries/,
    );
    expect(server.requests).toHaveLength(3);
  });

  it('fails within the timeout when Yahoo never answers', async () => {
    const { server, provider } = await setup({ timeoutMs: 300 });
    server.scriptNext('/v8/finance/chart/', 'hang');
    const started = performance.now();

    await expect(
      provider.getDailyHistory('NASDAQ:AAPL', '2026-11-10', '2026-11-20'),
    ).rejects.toThrow(/timed out after 300 ms: GET \/v8\/finance\/chart\/AAPL/);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(server.requests).toHaveLength(1);
  });

  it('reports server errors with the status and the path, never the crumb', async () => {
    const { server, provider } = await setup();
    server.scriptNext('/v10/finance/quoteSummary/', { status: 502, body: 'Bad Gateway' });
    const failure = provider.getProfile('NASDAQ:AAPL');
    await expect(failure).rejects.toThrow(
      /Yahoo profile of AAPL failed: Yahoo answered HTTP 502 for GET \/v10\/finance\/quoteSummary\/AAPL: Bad Gateway/,
    );
    await expect(failure).rejects.not.toThrow(RECORDED_CRUMB);
    expect(server.paths()).toContain('/v10/finance/quoteSummary/AAPL');
  });
});

describe('choosing the market-data provider from the configuration', () => {
  const log = { warn: () => {} };

  it('is the demo provider by default', () => {
    expect(createMarketDataProvider(loadConfig({}), log, systemClock).name).toBe('demo');
  });

  it('is Yahoo, at YAHOO_BASE_URL, with MARKET_DATA=yahoo', async () => {
    server = await startYahooReplayServer();
    const config = loadConfig({ MARKET_DATA: 'yahoo', YAHOO_BASE_URL: server.baseUrl });
    const provider = createMarketDataProvider(config, log, systemClock);

    expect(provider.name).toBe('yahoo');
    expect((await provider.search('apple', 1)).map((m) => m.symbol)).toEqual(['NASDAQ:AAPL']);
    expect(server.paths()).toEqual(['/v1/finance/search']);
  });
});
