import { sql } from 'kysely';
import { topGrowthQuery } from '../packages/shared/src/api/market.ts';
import { pino } from 'pino';
import { createDatabase } from '../packages/server/src/db/database.ts';
import { loadDemoCompanies } from '../packages/server/src/demo/companies.ts';
import { createCompanyRepository } from '../packages/server/src/modules/companies/company.repository.ts';
import { createPriceRepository } from '../packages/server/src/modules/prices/price.repository.ts';
import { createMarketServices } from '../packages/server/src/modules/quotes/market-services.ts';
import { createDemoMarketDataProvider } from '../packages/server/src/providers/market-data/demo/demo-market-data-provider.ts';
import type { DailyBar } from '../packages/server/src/providers/market-data/market-data-provider.ts';
import { load, printTable, startBenchStack, type LoadResult } from './lib/harness.ts';
import { startKeptStack } from './lib/kept-stack.ts';
import { createBenchUsers } from './lib/bench-users.ts';
import { insertBenchArticles } from './lib/news-data.ts';
import { systemClock } from '../packages/server/src/clock.ts';

const SUGGESTION_UNIVERSE = 50_000;
const INGEST_WORKERS = 2;
/** Articles loaded before the company page is measured (its news and related companies read them). */
const ARTICLES = Number(process.env.BENCH_MARKET_ARTICLES ?? 1_000_000);
/**
 * `BENCH_MARKET_ROUTES=history,watchlist`: only the load rows whose names contain one of these
 * (the references always run); the data set is loaded in full either way.
 */
const ONLY = (process.env.BENCH_MARKET_ROUTES ?? '').split(',').filter(Boolean);
/**
 * `BENCH_MARKET_DATA_DIR=<folder>` keeps the database there across runs: the bars, articles and
 * synthetic listings are loaded once (the ingest and load figures are printed by that first run
 * only); `BENCH_MARKET_NODE_ARGS` adds Node arguments to the API process (`--cpu-prof …`).
 */
const DATA_DIR = process.env.BENCH_MARKET_DATA_DIR;
const NODE_ARGS = (process.env.BENCH_MARKET_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** What Chromium sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** Deterministic pseudo-random numbers for the synthetic listings. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const FIRST = [
  'Apex',
  'Blue',
  'Cedar',
  'Delta',
  'Echo',
  'Falcon',
  'Granite',
  'Harbor',
  'Iron',
  'Juniper',
  'Keystone',
  'Lumen',
  'Maple',
  'North',
  'Orion',
  'Pioneer',
  'Quantum',
  'River',
  'Summit',
  'Titan',
  'Union',
  'Vertex',
  'Willow',
  'Xenon',
  'Yellowstone',
  'Zenith',
];
const SECOND = [
  'Micro',
  'Bio',
  'Energy',
  'Health',
  'Capital',
  'Data',
  'Solar',
  'Motor',
  'Pharma',
  'Retail',
  'Logistics',
  'Networks',
  'Foods',
  'Mining',
  'Realty',
  'Software',
  'Devices',
  'Aerospace',
  'Water',
  'Media',
];
const THIRD = [
  'Holdings',
  'Systems',
  'Group',
  'Partners',
  'Industries',
  'Technologies',
  'Therapeutics',
  'Bancorp',
  'Resources',
  'Labs',
];
const SUFFIX = ['Inc.', 'Corp.', 'Ltd.', 'plc', 'Co.'];

/** Synthetic companies with one listing each, to grow the universe to SUGGESTION_UNIVERSE. */
export function syntheticCompanies(count: number, taken: Set<string>) {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const companies = [];
  for (let i = 0; companies.length < count; i += 1) {
    const makeTicker = () =>
      Array.from({ length: 3 + Math.floor(next() * 3) }, () =>
        String.fromCharCode(65 + Math.floor(next() * 26)),
      ).join('');
    let ticker = makeTicker();
    while (taken.has(ticker)) ticker = makeTicker();
    taken.add(ticker);
    const name = `${pick(FIRST)} ${pick(SECOND)} ${pick(THIRD)} ${i} ${pick(SUFFIX)}`;
    const exchange = next() < 0.5 ? 'NASDAQ' : 'NYSE';
    companies.push({
      company_name: name,
      safe_name: `bench_${i}_${ticker.toLowerCase()}`,
      exchange_tickers: [`${exchange}:${ticker}`],
      gics_sector: 'Industrials',
      gics_sub_industry: 'Industrial Machinery & Supplies & Components',
    });
  }
  return companies;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** One request at a time: the latency a single user sees, p50 and p99 over `count` calls. */
async function sequentialLatency(url: string, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count + 20; i += 1) {
    const start = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    if (i >= 20) times.push(performance.now() - start);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(...times) };
}

/**
 * bench/market: price ingest through the real write path while reads are served; then, at
 * 1,000,000 articles and 50,000 listings, suggestions one call at a time, and every read the
 * company page and the watchlist make (the top-growth query, the company by ticker and with its
 * news, financials, related companies, history, sectors, the watchlist with financials, and
 * suggestions) under load against the reference routes of the same run.
 */
export async function runMarketBench(options: { seconds: number }) {
  const { seconds } = options;
  const env = { RATE_LIMIT_SCALE: '10000' };
  const stack = DATA_DIR
    ? await startKeptStack('bench/market', DATA_DIR, env, NODE_ARGS)
    : await startBenchStack(env);
  // Bulk loads run longer than the product's statement limit.
  const db = createDatabase({
    url: stack.databaseUrl,
    maxConnections: 4,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
  });
  const log = pino({ level: 'silent' });
  const provider = createDemoMarketDataProvider({ now: () => systemClock.now() });
  const market = createMarketServices({
    db,
    provider,
    log,
    jobs: { enqueue: () => Promise.resolve(null) },
    clock: systemClock,
  });
  try {
    // 1. Ingest: ten years of daily bars for every demo listing, synthesised first (not timed),
    // stored by PriceRepository.storeBars on INGEST_WORKERS connections while a reader loads
    // the history route.
    const companies = loadDemoCompanies();
    const keptBars = await db
      .selectFrom('price_history_status')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const ingestBars = async () => {
      const today = systemClock.now().toISOString().slice(0, 10);
      const from = `${Number(today.slice(0, 4)) - 10}${today.slice(4)}`;
      const batches: { symbol: string; bars: DailyBar[] }[] = [];
      for (const company of companies) {
        batches.push({
          symbol: company.symbol,
          bars: await provider.getDailyHistory(company.symbol, from, today),
        });
      }
      const points = batches.reduce((sum, batch) => sum + batch.bars.length, 0);
      const prices = createPriceRepository(db);
      const idleRead = await load(
        'history 1y, idle',
        `${stack.api}/ticker/history/NASDAQ:AAPL?range=1y`,
        { seconds: 3, connections: 2 },
      );
      const queue = [...batches];
      const started = performance.now();
      const readDuringIngest = load(
        'history 1y, during ingest',
        `${stack.api}/ticker/history/NASDAQ:AAPL?range=1y`,
        { seconds: 3, connections: 2 },
      );
      await Promise.all(
        Array.from({ length: INGEST_WORKERS }, async () => {
          for (let batch = queue.shift(); batch; batch = queue.shift()) {
            await prices.storeBars(batch.symbol, batch.bars, {
              first: batch.bars[0]?.date ?? from,
              last: batch.bars.at(-1)?.date ?? today,
            });
          }
        }),
      );
      const ingestSeconds = (performance.now() - started) / 1000;
      // Let the 1.7 M bar objects go before latency is measured in this process.
      batches.length = 0;
      const during = await readDuringIngest;
      console.log(
        `\nbench/market ingest: ${points.toLocaleString('en-US')} daily bars of ${companies.length} symbols in ${ingestSeconds.toFixed(2)} s = ` +
          `${Math.round(points / ingestSeconds).toLocaleString('en-US')} points/s (${INGEST_WORKERS} writers; target ≥ 250,000)`,
      );
      console.log(
        `  reads meanwhile (history 1y, 2 connections): ${Math.round(during.rps)} req/s, p99 ${during.p99.toFixed(1)} ms, ${during.errors} errors ` +
          `(idle before: ${Math.round(idleRead.rps)} req/s, p99 ${idleRead.p99.toFixed(1)} ms)`,
      );
    };
    if (Number(keptBars.n) >= companies.length) {
      console.log(`\nbench/market: daily bars of ${keptBars.n} listings kept from an earlier run`);
    } else await ingestBars();

    // 2. Quotes and change fields of the whole universe.
    const quoteStart = performance.now();
    const stored = await market.quotes.refresh(
      companies.map((company) => company.symbol),
      { backfill: false },
    );
    console.log(
      `  quote refresh of the universe with change fields: ${stored} symbols in ${(performance.now() - quoteStart).toFixed(0)} ms`,
    );

    // 3. The data set the pages are measured at: ARTICLES articles about the demo listings (so
    // a covered name has ~1,400), then synthetic listings up to SUGGESTION_UNIVERSE.
    let started3 = performance.now();
    const { rows: keptArticles } = await sql<{ n: number }>`
      select count(*)::int as n from news where source = 'bench'`.execute(db);
    if ((keptArticles[0]?.n ?? 0) === ARTICLES) {
      console.log(`\nbench/market: ${ARTICLES.toLocaleString('en-US')} articles kept`);
    } else {
      if ((keptArticles[0]?.n ?? 0) > 0)
        await sql`delete from news where source = 'bench'`.execute(db);
      await insertBenchArticles(db, ARTICLES);
      await sql`vacuum analyze news`.execute(db);
      console.log(
        `\nbench/market: ${ARTICLES.toLocaleString('en-US')} articles loaded in ${((performance.now() - started3) / 1000).toFixed(1)} s`,
      );
    }
    const companyRepository = createCompanyRepository(db);
    let total = await companyRepository.count();
    if (total < SUGGESTION_UNIVERSE) {
      const taken = new Set(companies.map((company) => company.symbol.split(':')[1] ?? ''));
      const extra = syntheticCompanies(SUGGESTION_UNIVERSE - companies.length, taken);
      started3 = performance.now();
      await companyRepository.insertWithSecurities(extra);
      await sql`analyze`.execute(db);
      total = await companyRepository.count();
      console.log(
        `bench/market: ${extra.length.toLocaleString('en-US')} synthetic listings added in ${((performance.now() - started3) / 1000).toFixed(1)} s (${total.toLocaleString('en-US')} in all)`,
      );
    }

    // 4. Suggestions at 50,000 securities, one call at a time.
    console.log(
      `\nbench/market suggestions at ${total.toLocaleString('en-US')} securities (one client, 300 calls each):`,
    );
    const cases = [
      ['exact ticker', 'AAPL'],
      ['ticker prefix', 'AM'],
      ['name prefix', 'Micro'],
      ['name word', 'Energy'],
      ['fuzzy (typo)', 'Nvidai'],
    ] as const;
    let worst = 0;
    for (const [label, text] of cases) {
      const { p50, p99, max } = await sequentialLatency(
        `${stack.api}/company/suggestions?query=${encodeURIComponent(text)}`,
        300,
      );
      worst = Math.max(worst, p99);
      console.log(
        `  ${label.padEnd(14)} '${text}': p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${max.toFixed(2)} ms`,
      );
    }
    console.log(`  worst p99 ${worst.toFixed(2)} ms (target ≤ 10 ms)`);

    // 5. What a cache miss costs: each route once for 200 different demo listings, one client.
    console.log(
      '\nbench/market cache misses (one client, 200 different listings each, first call):',
    );
    const missSymbols = companies.slice(100, 300).map((company) => company.symbol);
    const misses: [string, (symbol: string) => string][] = [
      ['query_symbol', (s) => `/company/query_symbol/${s}`],
      ['get_related', (s) => `/company/get_related/${s}?limit=25`],
      ['financials', (s) => `/company/financials/get/${s}?add=31,365`],
      ['history 1y', (s) => `/ticker/history/${s}?range=1y`],
    ];
    for (const [label, make] of misses) {
      const times: number[] = [];
      for (const symbol of missSymbols) {
        const start = performance.now();
        const response = await fetch(`${stack.api}${make(symbol)}`);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${make(symbol)}: HTTP ${response.status}`);
        times.push(performance.now() - start);
      }
      console.log(
        `  ${label.padEnd(14)} p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`,
      );
    }

    // 6. Every read of the company page and the watchlist under load, against the references.
    const [watcher] = await createBenchUsers(db, {
      // A new name each run: a kept database has the earlier runs' users.
      prefix: `market-bench-${Date.now().toString(36)}-`,
      count: 1,
      plan: () => 'tier3_monthly',
    });
    if (!watcher) throw new Error('no bench user');
    const watched = companies.slice(0, 20).map((company) => company.symbol);
    await sql`insert into watchlists (user_id, name, exchange_tickers)
      values (${watcher.id}, 'default', ${watched}::text[])`.execute(db);
    // The quotes were refreshed minutes ago: the first reads refresh them inline, as in production.
    const query = new URLSearchParams(topGrowthQuery('change_pct_1')).toString();
    const rows: LoadResult[] = [];
    const bare = await load('reference: bare route', `${stack.reference}/bare`, { seconds });
    const select = await load('reference: indexed SELECT', `${stack.reference}/select`, {
      seconds,
    });
    rows.push(bare, select);
    /** Runs a route's load unless BENCH_MARKET_ROUTES names others. */
    const measure = async (name: string, url: string, options: Parameters<typeof load>[2]) => {
      if (ONLY.length > 0 && !ONLY.some((part) => name.includes(part))) return;
      rows.push(await load(name, url, { seconds, ...options }));
    };
    await measure('top growth (query/simple)', `${stack.api}/ticker/query/simple?${query}`, {});
    const symbols = ['NASDAQ:AAPL', 'NASDAQ:NVDA', 'NYSE:JPM', 'NYSE:XOM', 'NASDAQ:AMD'];
    const pagePaths = (make: (symbol: string) => string) => symbols.map((s) => `/api${make(s)}`);
    const pageRoutes: [string, (symbol: string) => string][] = [
      ['company: query by ticker', (s) => `/company/query?exchange_tickers=${s}&limit=1`],
      ['company: query_symbol (+20 news)', (s) => `/company/query_symbol/${s}`],
      ['company: financials add=31,365', (s) => `/company/financials/get/${s}?add=31,365`],
      ['company: get_related limit=25', (s) => `/company/get_related/${s}?limit=25`],
      ['company: history 1y', (s) => `/ticker/history/${s}?range=1y`],
      ['company: history 5y', (s) => `/ticker/history/${s}?range=5y`],
    ];
    for (const [name, make] of pageRoutes) {
      await measure(name, stack.api, { paths: pagePaths(make) });
    }
    // As a browser asks (it always offers compression): the 127 KB 5-year answer is sent brotli'd.
    await measure('company: history 5y, browser (br)', stack.api, {
      paths: pagePaths((s) => `/ticker/history/${s}?range=5y`),
      headers: { 'accept-encoding': BROWSER_ENCODINGS },
    });
    await measure('explore: sectors', `${stack.api}/company/categories`, {});
    await measure(
      'explore: sub-industry (query_cache)',
      `${stack.api}/company/query_cache?only=company_name,exchange_tickers&gics_sub_industry=${encodeURIComponent('Industrial Machinery & Supplies & Components')}&limit=100`,
      {},
    );
    await measure(
      'watchlist + financials (20)',
      `${stack.api}/ticker/user/watchlist/get/default?add_financials=1`,
      { headers: { authorization: `Bearer ${watcher.token}` } },
    );
    // As the watchlist page asks it (a browser always offers compression).
    await measure(
      'watchlist + financials (20), browser',
      `${stack.api}/ticker/user/watchlist/get/default?add_financials=1`,
      {
        headers: {
          authorization: `Bearer ${watcher.token}`,
          'accept-encoding': BROWSER_ENCODINGS,
        },
      },
    );
    await measure('suggestions, mixed queries', stack.api, {
      // The search box asks /ticker/suggestions, the company pickers /company/suggestions.
      paths: cases.flatMap(([, text]) =>
        ['ticker', 'company'].map(
          (prefix) => `/api/${prefix}/suggestions?query=${encodeURIComponent(text)}`,
        ),
      ),
    });
    printTable(
      `bench/market at ${ARTICLES.toLocaleString('en-US')} articles and ${total.toLocaleString('en-US')} listings (${seconds} s per route, 32 connections; ratio to the indexed SELECT; target ≥ 0.5×, p99 ≤ 2× the reference's, no errors)`,
      rows,
      select,
    );
  } finally {
    await db.destroy();
    await stack.stop();
  }
}
