import type { Financials, Ticker } from '@app/shared/api/market';
import { WATCHLIST_MAX_SYMBOLS } from '@app/shared/api/market';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshUniverseJob } from '../src/modules/quotes/quote.jobs.ts';
import { createDemoMarketDataProvider } from '../src/providers/market-data/demo/demo-market-data-provider.ts';
import type { MarketDataProvider } from '../src/providers/market-data/market-data-provider.ts';
import { createMarketDataProvider } from '../src/providers/market-data/create-market-data-provider.ts';
import {
  startYahooReplayServer,
  type YahooReplayServer,
} from '../src/providers/market-data/yahoo/fixtures/yahoo-replay-server.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { clockStartingAt } from '../src/clock.ts';
import { jobDeps } from './helpers/job-deps.ts';

type FinancialsBody = { exchange_tickers: string[]; financials: Record<string, Financials> };
type WatchlistBody = {
  status: string;
  name: string;
  exchange_tickers: string[];
  financials?: Record<string, Financials>;
};

/** The demo provider, with a switch that makes every quote call fail like a provider outage. */
function switchableProvider() {
  const demo = createDemoMarketDataProvider();
  const state = { failing: false, quoteCalls: 0 };
  const provider: MarketDataProvider = {
    ...demo,
    name: demo.name,
    getQuotes: async (symbols) => {
      state.quoteCalls += 1;
      if (state.failing) throw new Error('provider timed out');
      return demo.getQuotes(symbols);
    },
  };
  return { provider, state };
}

describe('quotes, financials and the ticker query', () => {
  let t: TestApp;
  const { provider, state } = switchableProvider();
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, marketData: provider });
  });
  afterAll(() => t.close());
  const get = (url: string, headers?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, ...(headers && { headers }) });

  it('answers financials with change fields derived from the stored daily bars', async () => {
    const res = await get('/api/company/financials/get/NASDAQ:AAPL?add=31,365');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<FinancialsBody>();
    expect(body.exchange_tickers).toEqual(['NASDAQ:AAPL']);
    const apple = body.financials['NASDAQ:AAPL'];
    expect(apple).toMatchObject({ company_name: 'Apple Inc.', currency: 'USD', source: 'demo' });
    if (!apple) throw new Error('no financials');
    expect(apple.change).toBeCloseTo(apple.price - apple.previous_close, 3);
    expect(apple.change_pct_1).toBeCloseTo((apple.change / apple.previous_close) * 100, 3);

    // close_N is the last close on or before (quote day − N calendar days) in New York.
    for (const days of [31, 365] as const) {
      const { rows } = await sql<{ close: number }>`
        select u.close from price_series p, unnest(p.days, p.close) as u(day, close)
        where p.exchange_ticker = 'NASDAQ:AAPL'
          and u.day <= (to_timestamp(${apple.as_of}) at time zone 'America/New_York')::date - ${days}::int
        order by u.day desc limit 1`.execute(t.database.db);
      const reference = rows[0]?.close ?? Number.NaN;
      const period = days === 31 ? apple.days_31 : apple.days_365;
      expect(period?.close).toBeCloseTo(reference, 6);
      const expected = ((apple.price - reference) / reference) * 100;
      expect(days === 31 ? apple.change_pct_31 : apple.change_pct_365).toBeCloseTo(expected, 3);
      expect(period?.change_pct).toBeCloseTo(expected, 3);
    }
    expect(apple.change_pct_8).not.toBeNull();
  });

  it('leaves days_N out unless asked, accepts several symbols and serves fresh snapshots from the database', async () => {
    const calls = state.quoteCalls;
    const res = await get('/api/company/financials/get/NASDAQ:AAPL,nasdaq:msft');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<FinancialsBody>();
    expect(body.exchange_tickers).toEqual(['NASDAQ:AAPL', 'NASDAQ:MSFT']);
    expect(body.financials['NASDAQ:AAPL']).not.toHaveProperty('days_31');
    expect(state.quoteCalls).toBe(calls + 1); // only MSFT was stale
    await get('/api/company/financials/get/NASDAQ:AAPL,NASDAQ:MSFT');
    expect(state.quoteCalls).toBe(calls + 1);
  });

  it('rejects malformed and unknown symbols and bad add values with a clear message', async () => {
    const cases: [string, number, RegExp][] = [
      ['/api/company/financials/get/NOPE:ZZZZ', 404, /Unknown symbol 'NOPE:ZZZZ'/],
      ['/api/company/financials/get/AAPL', 400, /EXCHANGE:TICKER/],
      ['/api/company/financials/get/NASDAQ:AAPL?add=7', 400, /31, 365/],
      ['/api/company/financials/get/NASDAQ:AAPL?foo=1', 400, /foo/],
      [`/api/company/financials/get/${'NASDAQ:AAPL,'.repeat(51)}`, 400, /at most 50/],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json<{ error_msg: string }>().error_msg).toMatch(message);
    }
  });

  it('serves the cached snapshot with its age when the provider fails, and logs instead of failing', async () => {
    await t.database.db
      .updateTable('quote_snapshots')
      .set({ updated_at: new Date(Date.now() - 3_600_000) })
      .where('exchange_ticker', '=', 'NASDAQ:AAPL')
      .execute();
    state.failing = true;
    try {
      const res = await get('/api/company/financials/get/NASDAQ:AAPL');
      expect(res.statusCode, res.body).toBe(200);
      const apple = res.json<FinancialsBody>().financials['NASDAQ:AAPL'];
      expect(Date.now() / 1000 - (apple?.updated_at ?? 0)).toBeGreaterThan(3_500);
      // A symbol never fetched has no data to fall back on: the key is absent, not an error.
      const fresh = await get('/api/company/financials/get/NASDAQ:NVDA');
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json<FinancialsBody>().financials).toEqual({});
    } finally {
      state.failing = false;
    }
  });

  it('ranks top growth by the query language with the spec filters', async () => {
    const job = refreshUniverseJob;
    const enqueued: string[] = [];
    const jobNames: string[] = [];
    await job.handler(
      {},
      jobDeps(
        t.database.db,
        {},
        {
          marketData: provider,
          onEnqueue: (name, data) => {
            jobNames.push(name);
            if (name === 'market.backfill-history') {
              enqueued.push((data as { symbol: string }).symbol);
            }
          },
        },
      ),
    );
    const snapshots = await t.database.db
      .selectFrom('quote_snapshots')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const securities = await t.database.db
      .selectFrom('securities')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(snapshots.n)).toBe(Number(securities.n));
    // Symbols without history get a backfill job each; the ones loaded above do not.
    expect(enqueued).not.toContain('NASDAQ:AAPL');
    expect(enqueued.length).toBeGreaterThan(600);
    // Then the news ingest, whose market briefs read the fresh quotes, and the screener's
    // figures, which read them too.
    expect(jobNames.slice(-2)).toEqual(['news.ingest', 'screener.refresh-metrics']);

    // Load the history of some symbols so the change fields exist.
    const some = [
      'NASDAQ:NVDA',
      'NASDAQ:AMD',
      'NASDAQ:INTC',
      'NASDAQ:SMCI',
      'NYSE:JPM',
      'NYSE:XOM',
    ];
    await get(`/api/company/financials/get/${some.join(',')}`);
    await t.database.db
      .updateTable('quote_snapshots')
      .set({ updated_at: new Date(0) })
      .where('exchange_ticker', 'in', some)
      .execute();
    await get(`/api/company/financials/get/${some.join(',')}`);

    const query =
      '/api/ticker/query/simple?price__gte=0.1&change_pct_365__gte=0&change_pct_31__gte=0&change_pct_365__lt=1000';
    for (const field of ['change_pct_1', 'change_pct_8'] as const) {
      const res = await get(`${query}&order_by=-${field}&limit=5`);
      expect(res.statusCode, res.body).toBe(200);
      const tickers = res.json<{ tickers: Ticker[] }>().tickers;
      expect(tickers.length).toBeGreaterThan(0);
      expect(tickers.length).toBeLessThanOrEqual(5);
      for (const ticker of tickers) {
        expect(ticker.price).toBeGreaterThanOrEqual(0.1);
        expect(ticker.change_pct_365).toBeGreaterThanOrEqual(0);
        expect(ticker.change_pct_365).toBeLessThan(1000);
        expect(ticker.change_pct_31).toBeGreaterThanOrEqual(0);
        expect(ticker.company_name).not.toBe('');
      }
      const values = tickers.map((ticker) => ticker[field] ?? Number.NaN);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    }
  });

  it('answers 400 naming an unknown filter or a bad value of the ticker query', async () => {
    for (const [url, message] of [
      ['/api/ticker/query/simple?volume__gte=1', /volume/],
      ['/api/ticker/query/simple?price__gte=cheap', /price/],
      ['/api/ticker/query/simple?order_by=-company_name', /company_name/],
      ['/api/ticker/query/simple?limit=100000', /limit/],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error_msg: string }>().error_msg).toMatch(message);
    }
  });

  it('queues a refresh on invalidate for anyone, visitors included, rate-limited per address', async () => {
    const visitor = await get('/api/ticker/invalidate/NASDAQ:AAPL');
    expect(visitor.statusCode, visitor.body).toBe(200);
    const user = await registerUser(t.app);
    const ok = await get('/api/ticker/invalidate/nasdaq:aapl', bearer(user.token));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: 'success' });
    const { rows } = await sql<{ data: { symbols: string[] } }>`
      select data from pgboss.job where name = 'market.refresh-symbols'`.execute(t.database.db);
    expect(rows.map((row) => row.data.symbols)).toContainEqual(['NASDAQ:AAPL']);
    expect((await get('/api/ticker/invalidate/NOPE:ZZZ', bearer(user.token))).statusCode).toBe(404);
    let last = 200;
    for (let i = 0; i < 40 && last !== 429; i += 1) {
      last = (await get('/api/ticker/invalidate/NASDAQ:MSFT', bearer(user.token))).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('watchlists', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true });
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(() => t.close());
  const call = (user: TestUser | null, path: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/ticker/user/watchlist/${path}`,
      ...(user && { headers: bearer(user.token) }),
    });

  it('is only for logged-in users', async () => {
    const res = await call(null, 'get/default');
    expect(res.statusCode).toBe(401);
    expect(res.json<{ error_msg: string }>().error_msg).toBe(
      'Please login or register to access this functionality.',
    );
  });

  it('creates the default list on first use and ignores a symbol already present', async () => {
    const empty = await call(alice, 'get/default');
    expect(empty.json()).toEqual({ status: 'success', name: 'default', exchange_tickers: [] });
    await call(alice, 'append/default/NASDAQ:AMD');
    await call(alice, 'append/default/nasdaq:intc');
    const again = await call(alice, 'append/default/NASDAQ:AMD');
    expect(again.json<WatchlistBody>().exchange_tickers).toEqual(['NASDAQ:AMD', 'NASDAQ:INTC']);
    // Bob's list is his own.
    expect((await call(bob, 'get/default')).json<WatchlistBody>().exchange_tickers).toEqual([]);
  });

  it('adds financials per symbol on request', async () => {
    const res = await call(alice, 'get/default?add_financials=1');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<WatchlistBody>();
    expect(Object.keys(body.financials ?? {}).sort()).toEqual(['NASDAQ:AMD', 'NASDAQ:INTC']);
    expect(body.financials?.['NASDAQ:AMD']?.company_name).toBe('Advanced Micro Devices, Inc.');
  });

  it('rejects unknown and malformed symbols, bad list names and unknown lists', async () => {
    const cases: [string, number, RegExp][] = [
      ['append/default/NASDAQ:NOPEX', 404, /Unknown symbol 'NASDAQ:NOPEX'/],
      ['append/default/not-a-symbol', 400, /EXCHANGE:TICKER/],
      ['append/bad%20name/NASDAQ:AMD', 400, /letters, digits/],
      ['get/holidays', 404, /Watchlist 'holidays' not found/],
      ['remove_ticker/holidays/NASDAQ:AMD', 404, /Watchlist 'holidays' not found/],
      ['get/default?add_financials=yes', 400, /add_financials/],
    ];
    for (const [path, status, message] of cases) {
      const res = await call(alice, path);
      expect(res.statusCode, path).toBe(status);
      expect(res.json<{ error_msg: string }>().error_msg).toMatch(message);
    }
  });

  it('removes by list and by the default shortcut, and clears', async () => {
    await call(alice, 'append/tech/NASDAQ:NVDA');
    await call(alice, 'append/tech/NASDAQ:AAPL');
    const removed = await call(alice, 'remove_ticker/tech/NASDAQ:NVDA');
    expect(removed.json<WatchlistBody>().exchange_tickers).toEqual(['NASDAQ:AAPL']);
    const shortcut = await call(alice, 'remove/default/NASDAQ:AMD');
    expect(shortcut.json<WatchlistBody>().exchange_tickers).toEqual(['NASDAQ:INTC']);
    const cleared = await call(alice, 'rm/tech');
    expect(cleared.json<WatchlistBody>()).toMatchObject({ name: 'tech', exchange_tickers: [] });
  });

  it(`holds at most ${WATCHLIST_MAX_SYMBOLS} symbols`, async () => {
    const symbols = (
      await t.database.db
        .selectFrom('securities')
        .select('exchange_ticker')
        .orderBy('exchange_ticker')
        .limit(WATCHLIST_MAX_SYMBOLS + 1)
        .execute()
    ).map((row) => row.exchange_ticker);
    await call(bob, 'append/full/NASDAQ:AAPL');
    await t.database.db
      .updateTable('watchlists')
      .set({ exchange_tickers: symbols.slice(0, WATCHLIST_MAX_SYMBOLS) })
      .where('user_id', '=', bob.user.id)
      .where('name', '=', 'full')
      .execute();
    const over = await call(bob, `append/full/${symbols[WATCHLIST_MAX_SYMBOLS] ?? ''}`);
    expect(over.statusCode).toBe(409);
    expect(over.json<{ error_msg: string }>().error_msg).toMatch(/at most 200 symbols/);
    // Present symbols are still ignored, not refused.
    expect((await call(bob, `append/full/${symbols[0] ?? ''}`)).statusCode).toBe(200);
  });

  it('never loses a symbol to concurrent appends', async () => {
    const symbols = ['NASDAQ:AAPL', 'NASDAQ:MSFT', 'NASDAQ:NVDA', 'NASDAQ:AMZN', 'NASDAQ:GOOGL'];
    await Promise.all(symbols.map((symbol) => call(bob, `append/race/${symbol}`)));
    const list = (await call(bob, 'get/race')).json<WatchlistBody>().exchange_tickers;
    expect([...list].sort()).toEqual([...symbols].sort());
  });
});

describe('company by symbol', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true });
  });
  afterAll(() => t.close());

  it('answers the company of a symbol, 404 for an unknown one, 400 for a bad order', async () => {
    const res = await t.app.inject('/api/company/query_symbol/nyse:jpm?order_by=-creation_date');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ companies: { exchange_tickers: string[] }[] }>().companies).toHaveLength(1);
    expect(
      res.json<{ companies: { exchange_tickers: string[] }[] }>().companies[0]?.exchange_tickers,
    ).toContain('NYSE:JPM');
    expect((await t.app.inject('/api/company/query_symbol/NYSE:NOPEQ')).statusCode).toBe(404);
    expect(
      (await t.app.inject('/api/company/query_symbol/NYSE:JPM?order_by=price')).statusCode,
    ).toBe(400);
  });

  it('leaves a stored article the API schema rejects out of the news, never answers 500', async () => {
    // Two articles about XOM: one complete (no AI object yet), one whose AI object is partial.
    await sql`
      insert into news (link, guid, title, description, publisher, creation_date, articles,
        sentiment_score, interest_score, "AI", summary, related_exchange_tickers, status, source)
      values
        ('https://wire.example/ok', 'market-test-ok', 'Exxon raises dividend', 'Body', 'Reuters',
         now() - interval '2 hours', array['Body'], array[3]::float8[], 5, null, 'Summary',
         array['NYSE:XOM'], 'PROCESSED', 'test'),
        ('https://wire.example/bad', 'market-test-bad', 'Exxon partial', 'Body', 'Reuters',
         now() - interval '1 hour', array['Body'], array[1]::float8[], 5,
         '{"defcon_level": 2}'::jsonb, 'Summary', array['NYSE:XOM'], 'PROCESSED', 'test')`.execute(
      t.database.db,
    );
    const res = await t.app.inject('/api/company/query_symbol/NYSE:XOM');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ news: { title: string }[] }>();
    expect(body.news.map((article) => article.title)).toEqual(['Exxon raises dividend']);
  });
});

describe('the app on MARKET_DATA=yahoo (local replay of Yahoo responses)', () => {
  let t: TestApp;
  let yahoo: YahooReplayServer;
  // The recorded responses end on Friday 2026-11-20: business time is the Monday after.
  const clock = clockStartingAt(new Date('2026-11-23T15:00:00Z'));
  beforeAll(async () => {
    yahoo = await startYahooReplayServer();
    t = await buildTestApp({
      demoCompanies: true,
      clock,
      marketData: createMarketDataProvider(
        { marketData: 'yahoo', yahooBaseUrl: yahoo.baseUrl, yahooRequestsPerSecond: 50 },
        { warn: () => undefined },
        clock,
      ),
    });
  });
  afterAll(async () => {
    await t.close();
    await yahoo.close();
  });

  it('serves Yahoo quotes and history through the real client, labelled as such', async () => {
    const res = await t.app.inject('/api/company/financials/get/NASDAQ:AAPL');
    expect(res.statusCode, res.body).toBe(200);
    const apple = res.json<FinancialsBody>().financials['NASDAQ:AAPL'];
    expect(apple).toMatchObject({ price: 274.91, source: 'yahoo', company_name: 'Apple Inc.' });
    const history = await t.app.inject('/api/ticker/history/NASDAQ:AAPL?range=1m');
    expect(history.statusCode, history.body).toBe(200);
    const body = history.json<{ results: { close: number }[]; source: string }>();
    expect(body.source).toBe('yahoo');
    expect(body.results.length).toBeGreaterThan(0);
    expect(yahoo.paths().some((path) => path.startsWith('/v8/finance/chart/AAPL'))).toBe(true);
    expect(yahoo.paths().some((path) => path.startsWith('/v7/finance/quote'))).toBe(true);
  });

  it('keeps serving the last snapshot with its age when Yahoo fails', async () => {
    await t.database.db
      .updateTable('quote_snapshots')
      .set({ updated_at: new Date(clock.now().getTime() - 600_000) })
      .execute();
    for (let i = 0; i < 5; i += 1) yahoo.scriptNext('/v7/finance/quote', { status: 502 });
    const res = await t.app.inject('/api/company/financials/get/NASDAQ:AAPL');
    expect(res.statusCode, res.body).toBe(200);
    const apple = res.json<FinancialsBody>().financials['NASDAQ:AAPL'];
    expect(apple?.price).toBe(274.91);
    expect(clock.now().getTime() / 1000 - (apple?.updated_at ?? 0)).toBeGreaterThan(500);
  });
});
