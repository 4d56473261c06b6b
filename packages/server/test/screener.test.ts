import type { SavedScreensResponse, ScreenerResponse, ScreenerRow } from '@app/shared/api/screener';
import { SCREENER_FIELDS, SCREENER_PRESETS } from '@app/shared/api/screener';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { Database } from '../src/db/database.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { DAY_MS } from '@app/shared/dates';

/** Business time: a Monday afternoon in New York, so "today" there is 2026-06-15. */
const clock = fixedClock('2026-06-15T18:00:00Z');
const TODAY = Date.UTC(2026, 5, 15);
const day = (daysAgo: number) => new Date(TODAY - daysAgo * DAY_MS).toISOString().slice(0, 10);

type Listing = {
  symbol: string;
  name: string;
  sector: string;
  industry: string;
  /** Daily high and low of ordinary days, the volume of the last 91 days and of older ones. */
  high: number;
  low: number;
  recentVolume: number;
  oldVolume: number;
  /** Highs and lows of particular days (days ago → value). */
  highs?: Record<number, number>;
  lows?: Record<number, number>;
  quote: { price: number; change_pct_31: number; change_pct_365: number } | null;
  fundamentals: { shares: number; dividend: number | null; eps: number | null } | null;
};

const LISTINGS: Listing[] = [
  {
    symbol: 'NASDAQ:AAA',
    name: 'Alpha Chips Inc.',
    sector: 'Information Technology',
    industry: 'Semiconductors',
    high: 90,
    low: 60,
    recentVolume: 1_000_000,
    oldVolume: 9_000_000,
    // The spike 100 days ago is the 52-week high; those of 380 and 390 days ago are too old.
    highs: { 100: 100, 380: 150 },
    lows: { 390: 1 },
    quote: { price: 95, change_pct_31: 4, change_pct_365: 30 },
    fundamentals: { shares: 1e9, dividend: 0, eps: 5 },
  },
  {
    symbol: 'NASDAQ:BBB',
    name: 'Beta Software Corp.',
    sector: 'Information Technology',
    industry: 'Application Software',
    high: 52,
    low: 40,
    recentVolume: 500_000,
    oldVolume: 500_000,
    quote: { price: 50, change_pct_31: 1, change_pct_365: 12 },
    fundamentals: { shares: 2e9, dividend: 1.5, eps: null },
  },
  {
    symbol: 'NYSE:CCC',
    name: 'Gamma Oil Co.',
    sector: 'Energy',
    industry: 'Integrated Oil & Gas',
    high: 60,
    low: 25,
    recentVolume: 2_000_000,
    oldVolume: 2_000_000,
    quote: { price: 30, change_pct_31: -15, change_pct_365: -20 },
    fundamentals: { shares: 1e9, dividend: 1.2, eps: -1 },
  },
  {
    symbol: 'NYSE:DDD',
    name: 'Delta Energy Ltd.',
    sector: 'Energy',
    industry: 'Integrated Oil & Gas',
    // The price (80) is above every daily high: it is the 52-week high.
    high: 75,
    low: 50,
    recentVolume: 3_000_000,
    oldVolume: 3_000_000,
    quote: { price: 80, change_pct_31: -2, change_pct_365: 40 },
    fundamentals: { shares: 5e8, dividend: 2, eps: 4 },
  },
  {
    symbol: 'NYSE:EEE',
    name: 'Epsilon Power',
    sector: 'Utilities',
    industry: 'Electric Utilities',
    high: 22,
    low: 18,
    recentVolume: 100_000,
    oldVolume: 100_000,
    quote: { price: 20, change_pct_31: 0.5, change_pct_365: 5 },
    fundamentals: null,
  },
  {
    symbol: 'NASDAQ:FFF',
    name: 'Phi Quantum',
    sector: 'Information Technology',
    industry: 'Semiconductors',
    high: 10,
    low: 5,
    recentVolume: 10,
    oldVolume: 10,
    quote: null,
    fundamentals: null,
  },
];

async function seed(db: Database) {
  for (const listing of LISTINGS) {
    const [exchange = '', ticker = ''] = listing.symbol.split(':');
    const company = await db
      .insertInto('companies')
      .values({
        company_name: listing.name,
        safe_name: ticker.toLowerCase(),
        exchange_tickers: [listing.symbol],
        gics_sector: listing.sector,
        gics_sub_industry: listing.industry,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('securities')
      .values({ exchange_ticker: listing.symbol, ticker, exchange, company_id: company.id })
      .execute();
    // One bar a day from 400 days ago to yesterday, packed by month.
    const months = new Map<
      string,
      { days: string[]; high: number[]; low: number[]; volume: number[] }
    >();
    for (let ago = 400; ago >= 1; ago -= 1) {
      const date = day(ago);
      const month = `${date.slice(0, 7)}-01`;
      const bars = months.get(month) ?? { days: [], high: [], low: [], volume: [] };
      months.set(month, bars);
      bars.days.push(date);
      bars.high.push(listing.highs?.[ago] ?? listing.high);
      bars.low.push(listing.lows?.[ago] ?? listing.low);
      bars.volume.push(ago < 91 ? listing.recentVolume : listing.oldVolume);
    }
    for (const [month, bars] of months) {
      const close = bars.days.map(() => (listing.high + listing.low) / 2);
      await db
        .insertInto('price_series')
        .values({ exchange_ticker: listing.symbol, month, ...bars, open: close, close })
        .execute();
    }
    if (listing.quote) {
      const { price } = listing.quote;
      await db
        .insertInto('quote_snapshots')
        .values({
          exchange_ticker: listing.symbol,
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
          change_pct_1: 0,
          change_pct_8: 1,
          change_pct_31: listing.quote.change_pct_31,
          change_pct_365: listing.quote.change_pct_365,
        })
        .execute();
    }
    if (listing.fundamentals) {
      await db
        .insertInto('listing_fundamentals')
        .values({
          exchange_ticker: listing.symbol,
          shares_outstanding: listing.fundamentals.shares,
          dividend_per_share: listing.fundamentals.dividend,
          eps_ttm: listing.fundamentals.eps,
          source: 'test',
          updated_at: clock.now(),
        })
        .execute();
    }
  }
  // Two articles on AAA this week (sentiment 4 and 6); one too old, one hidden, one experiment.
  const article = (n: number, daysAgo: number, score: number, extra: object = {}) => ({
    link: `https://example.com/${n}`,
    guid: `screener-${n}`,
    title: `Alpha Chips story ${n}`,
    summary: null,
    ai_summary: null,
    no_bullshit: null,
    creation_date: new Date(clock.now().getTime() - daysAgo * DAY_MS),
    interest_score: null,
    AI: null,
    experiment: null,
    status_reason: null,
    source: 'test',
    sentiment_score: [score],
    related_exchange_tickers: ['NASDAQ:AAA'],
    ...extra,
  });
  await db
    .insertInto('news')
    .values([
      article(1, 1, 4),
      article(2, 6, 6),
      article(3, 10, -8),
      article(4, 2, -9, { is_blocked: true }),
      article(5, 2, -9, { experiment: 'prompt-b' }),
    ])
    .execute();
}

let t: TestApp;
let refreshed = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  await seed(t.database.db);
  refreshed = await jobDeps(t.database.db, {}, { clock }).services.screener.refresh({
    fundamentals: false,
  });
});
afterAll(() => t.close());

async function screen(query: string, token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/screener/query?${query.replaceAll(' ', '%20')}`,
    headers: token ? bearer(token) : {},
  });
  return res;
}

async function symbols(query: string, token?: string) {
  const res = await screen(query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ScreenerResponse>().listings.map((row) => row.exchange_ticker);
}

const row = async (symbol: string): Promise<ScreenerRow> => {
  const res = await screen(`exchange_ticker=${encodeURIComponent(symbol)}`);
  const [found] = res.json<ScreenerResponse>().listings;
  if (!found) throw new Error(`${symbol} is not screened`);
  return found;
};

describe('the screener metrics', () => {
  it('computes one row per listing', () => {
    expect(refreshed).toBe(LISTINGS.length);
  });

  it('takes the 52-week range from the last 365 days of bars and the price', async () => {
    const alpha = await row('NASDAQ:AAA');
    expect(alpha).toMatchObject({ high_52w: 100, low_52w: 60, price: 95 });
    expect(alpha.from_high_pct).toBeCloseTo(-5, 9);
    expect(alpha.from_low_pct).toBeCloseTo((35 / 60) * 100, 9);
    const delta = await row('NYSE:DDD');
    expect(delta).toMatchObject({ high_52w: 80, from_high_pct: 0 });
  });

  it('averages the volume of the sessions of the last 91 days', async () => {
    expect((await row('NASDAQ:AAA')).avg_volume).toBe(1_000_000);
  });

  it('derives market value, dividend yield and P/E from the fundamentals', async () => {
    expect(await row('NASDAQ:AAA')).toMatchObject({
      market_cap: 95e9,
      dividend_yield: 0,
      pe_ratio: 19,
    });
    const beta = await row('NASDAQ:BBB');
    expect(beta.market_cap).toBe(100e9);
    expect(beta.dividend_yield).toBeCloseTo(3, 9);
    expect(beta.pe_ratio).toBeNull();
    // Losses give no P/E.
    expect((await row('NYSE:CCC')).pe_ratio).toBeNull();
  });

  it('shows what neither the provider nor the history says as unknown', async () => {
    expect(await row('NYSE:EEE')).toMatchObject({
      market_cap: null,
      dividend_yield: null,
      pe_ratio: null,
      price: 20,
    });
    expect(await row('NASDAQ:FFF')).toMatchObject({
      price: null,
      change_pct_365: null,
      from_high_pct: null,
      market_cap: null,
      avg_volume: 10,
    });
  });

  it('counts the readers’ articles of the last 7 days and averages their sentiment', async () => {
    expect(await row('NASDAQ:AAA')).toMatchObject({ news_count_7d: 2, sentiment_7d: 5 });
    expect(await row('NASDAQ:BBB')).toMatchObject({ news_count_7d: 0, sentiment_7d: null });
  });
});

describe('GET /screener/query', () => {
  it('combines three filters with a sort', async () => {
    const query =
      'sector__in=Information Technology,Energy&change_pct_365__gte=10&from_high_pct__gte=-6' +
      '&order_by=-market_cap';
    expect(await symbols(query)).toEqual(['NASDAQ:BBB', 'NASDAQ:AAA', 'NYSE:DDD']);
  });

  it('filters on sector and industry and on exchange', async () => {
    expect(await symbols('industry=Semiconductors&order_by=exchange_ticker')).toEqual([
      'NASDAQ:AAA',
      'NASDAQ:FFF',
    ]);
    expect(await symbols('exchange=NYSE&sector__ne=Energy')).toEqual(['NYSE:EEE']);
  });

  it('leaves listings of unknown P/E out of a P/E filter', async () => {
    expect(await symbols('pe_ratio__lt=100&order_by=pe_ratio')).toEqual(['NASDAQ:AAA', 'NYSE:DDD']);
  });

  it('sorts unknown figures last in either direction', async () => {
    expect(await symbols('sector=Information Technology&order_by=-market_cap')).toEqual([
      'NASDAQ:BBB',
      'NASDAQ:AAA',
      'NASDAQ:FFF',
    ]);
    expect(await symbols('sector=Information Technology&order_by=market_cap')).toEqual([
      'NASDAQ:AAA',
      'NASDAQ:BBB',
      'NASDAQ:FFF',
    ]);
  });

  it('sorts by every column', async () => {
    for (const field of SCREENER_FIELDS) {
      const res = await screen(`order_by=-${field}`);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(200);
      expect(res.json<ScreenerResponse>().listings).toHaveLength(LISTINGS.length);
    }
  });

  it('pages with skip and limit and counts every match', async () => {
    const res = await screen('order_by=exchange_ticker&limit=2&skip=2');
    const body = res.json<ScreenerResponse>();
    expect(body.listings.map((r) => r.exchange_ticker)).toEqual(['NASDAQ:FFF', 'NYSE:CCC']);
    expect(body).toMatchObject({ total: 6, skip: 2, limit: 2 });
    expect(body.computed_at).toBe(Math.floor(clock.now().getTime() / 1000));
  });

  it('answers the presets', async () => {
    const results = await Promise.all(SCREENER_PRESETS.map((preset) => symbols(preset.query)));
    expect(results).toEqual([
      ['NYSE:DDD', 'NASDAQ:BBB', 'NASDAQ:AAA'],
      ['NYSE:CCC', 'NYSE:DDD'],
      ['NASDAQ:AAA'],
      ['NYSE:CCC', 'NASDAQ:BBB'],
    ]);
  });

  it('refuses an unknown field, naming the parameter', async () => {
    const res = await screen('colour__gte=1');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error_msg: string }>().error_msg).toContain("'colour__gte'");
    const op = await screen('price__icontains=1');
    expect(op.statusCode).toBe(400);
    expect(op.json<{ error_msg: string }>().error_msg).toBe(
      "Operator 'icontains' is not allowed on 'price'",
    );
    const value = await screen('market_cap__gte=big');
    expect(value.statusCode).toBe(400);
    expect(value.json<{ error_msg: string }>().error_msg).toContain("'market_cap__gte'");
  });

  it('screens the caller’s watchlists and holdings, and asks visitors to sign in', async () => {
    const visitor = await screen('in_watchlist=1');
    expect(visitor.statusCode).toBe(401);
    const investor = await registerUser(t.app);
    const append = await t.app.inject({
      method: 'GET',
      url: '/api/ticker/user/watchlist/append/default/NYSE:CCC',
      headers: bearer(investor.token),
    });
    expect(append.statusCode, append.body).toBe(200);
    expect(await symbols('in_watchlist=1', investor.token)).toEqual(['NYSE:CCC']);
    expect(await symbols('in_portfolio=1', investor.token)).toEqual([]);
  });
});

describe('saved screens', () => {
  const save = (token: string, name: string, query = 'sector=Energy') =>
    t.app.inject({
      method: 'POST',
      url: '/api/screener/screens',
      headers: bearer(token),
      payload: { name, query },
    });

  it('keeps as many screens as the free plan allows, then asks to upgrade', async () => {
    const investor = await registerUser(t.app);
    for (const name of ['Energy', 'Cheap chips', 'Yield']) {
      const res = await save(investor.token, name, '?sector=Energy&order_by=-price');
      expect(res.statusCode, res.body).toBe(200);
    }
    const fourth = await save(investor.token, 'One more');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json<{ error_msg: string }>().error_msg).toBe(
      'Your free plan keeps 3 saved screens. Delete one or upgrade your plan to save more.',
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/screener/screens',
      headers: bearer(investor.token),
    });
    const body = list.json<SavedScreensResponse>();
    expect(body).toMatchObject({ limit: 3, plan: 'free' });
    expect(body.screens.map((s) => [s.name, s.query])).toEqual([
      ['Cheap chips', 'sector=Energy&order_by=-price'],
      ['Energy', 'sector=Energy&order_by=-price'],
      ['Yield', 'sector=Energy&order_by=-price'],
    ]);

    const [first] = body.screens;
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/screener/screens/delete',
      headers: bearer(investor.token),
      payload: { id: first?.id },
    });
    expect(removed.json<SavedScreensResponse>().screens).toHaveLength(2);
    expect((await save(investor.token, 'One more')).statusCode).toBe(200);
  });

  it('gives a paid plan its larger limit', async () => {
    const investor = await registerUser(t.app);
    await t.database.db
      .updateTable('users')
      .set({ subscription: 'tier2_monthly', subscription_status: 'active' })
      .where('id', '=', investor.user.id)
      .execute();
    for (let i = 1; i <= 4; i += 1) {
      expect((await save(investor.token, `Screen ${i}`)).statusCode).toBe(200);
    }
    const list = await save(investor.token, 'Screen 5');
    expect(list.json<SavedScreensResponse>()).toMatchObject({ limit: 25, plan: 'Basic' });
  });

  it('refuses a name in use, a bad query, a control character and another user’s screen', async () => {
    const investor = await registerUser(t.app);
    expect((await save(investor.token, 'Mine')).statusCode).toBe(200);
    const duplicate = await save(investor.token, 'Mine');
    expect(duplicate.statusCode).toBe(409);
    const bad = await save(investor.token, 'Bad', 'colour=red');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error_msg: string }>().error_msg).toContain("'colour'");
    expect((await save(investor.token, 'Bell\u0007')).statusCode).toBe(400);
    expect((await save(investor.token, 'Nul\u0000')).statusCode).toBe(400);

    const other = await registerUser(t.app);
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: '/api/screener/screens',
        headers: bearer(investor.token),
      })
    ).json<SavedScreensResponse>().screens[0];
    const theft = await t.app.inject({
      method: 'POST',
      url: '/api/screener/screens/delete',
      headers: bearer(other.token),
      payload: { id: mine?.id },
    });
    expect(theft.statusCode).toBe(404);
  });
});

describe('the screener in the OpenAPI document', () => {
  it('lists every screener route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of [
      '/api/screener/query',
      '/api/screener/facets',
      '/api/screener/screens',
      '/api/screener/screens/delete',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });
});

describe('GET /screener/facets', () => {
  it('lists the sectors, industries and exchanges of the screened listings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/screener/facets' });
    expect(res.json()).toMatchObject({
      sectors: ['Energy', 'Information Technology', 'Utilities'],
      exchanges: ['NASDAQ', 'NYSE'],
    });
  });
});
