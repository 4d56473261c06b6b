import { sql } from 'kysely';
import { systemClock } from '../packages/server/src/clock.ts';
import { createDatabase } from '../packages/server/src/db/database.ts';
import { createScreenerRepository } from '../packages/server/src/modules/screener/screener.repository.ts';
import { createScreenerService } from '../packages/server/src/modules/screener/screener.service.ts';
import { screenerQuery } from '../packages/server/src/modules/screener/screener-query.ts';
import { createScreenerSnapshot } from '../packages/server/src/modules/screener/screener-snapshot.ts';
import { createScreenerSnapshotRepository } from '../packages/server/src/modules/screener/screener-snapshot.repository.ts';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  answers,
  freePort,
  load,
  printTable,
  startBenchStack,
  startProcess,
} from './lib/harness.ts';
import { startKeptStack } from './lib/kept-stack.ts';

/**
 * `BENCH_SCREENER_DATA_DIR=<folder>` keeps the database there across runs (stored once, the
 * refresh timed on every run); `BENCH_SCREENER_NODE_ARGS` adds Node arguments to the cold API
 * process (`--cpu-prof …`); `BENCH_SCREENER_ONLY=<regex>` runs only the kinds of screen it matches;
 * `BENCH_SCREENER_WARM=off` leaves out the warm rows.
 */
const DATA_DIR = process.env.BENCH_SCREENER_DATA_DIR;
const NODE_ARGS = (process.env.BENCH_SCREENER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const ONLY = process.env.BENCH_SCREENER_ONLY ? new RegExp(process.env.BENCH_SCREENER_ONLY) : null;
const WARM = process.env.BENCH_SCREENER_WARM !== 'off';

/** Listings screened (the demo companies and synthetic ones up to this many). */
const LISTINGS = 50_000;
/** Calendar days of daily bars per listing. */
const BAR_DAYS = 366;
/** Articles of the last 7 days, each about one random listing. */
const WEEK_ARTICLES = 100_000;

const SECTORS = [
  'Information Technology',
  'Health Care',
  'Financials',
  'Industrials',
  'Energy',
  'Utilities',
  'Materials',
  'Real Estate',
  'Consumer Staples',
  'Consumer Discretionary',
  'Communication Services',
];

/**
 * Screens of three filters and a sort each: selective and broad filters, sorts on an indexed
 * column and on one the filters do not narrow, a text filter, the news figures. `{a}`, `{b}` and
 * `{c}` are thresholds that vary per request, so a route's load is many different screens of one
 * kind, not one screen asked again.
 */
const SCREENS: { name: string; query: string; a: number[]; b: number[]; c: number[] }[] = [
  {
    name: 'sector, year change, near high; by market cap',
    query: 'sector={sector}&change_pct_365__gte={a}&from_high_pct__gte=-{b}&order_by=-market_cap',
    a: range(0, 30),
    b: range(5, 25),
    c: [0],
  },
  {
    name: 'market cap, yield, P/E; by yield',
    query:
      'market_cap__gte={a}000000000&dividend_yield__gte={b}&pe_ratio__lt={c}&order_by=-dividend_yield',
    a: range(1, 30),
    b: range(1, 5),
    c: range(10, 40),
  },
  {
    name: 'news count, sentiment, price; by sentiment',
    query: 'news_count_7d__gte={b}&sentiment_7d__gte={a}&price__gte={c}&order_by=-sentiment_7d',
    a: range(-3, 4),
    b: range(1, 4),
    c: range(1, 40),
  },
  {
    name: 'month change, volume, exchange; by month change',
    query:
      'change_pct_31__lt={a}&avg_volume__gte={b}00000&exchange={exchange}&order_by=change_pct_31',
    a: range(-10, 10),
    b: range(5, 20),
    c: [0],
  },
  {
    name: 'three broad filters; by average volume',
    query: 'price__gte={b}&change_pct_1__gt=-{c}&from_low_pct__gte={a}&order_by=-avg_volume',
    a: range(0, 10),
    b: range(1, 10),
    c: range(10, 50),
  },
  {
    name: 'sector in, P/E, week change; by P/E, page 5',
    query:
      'sector={sector}&sector=Financials&pe_ratio__gt={b}&change_pct_8__gt=-{a}&order_by=pe_ratio&skip=100',
    a: range(1, 10),
    b: range(0, 10),
    c: [0],
  },
];

/** Different screens asked per kind of screen. */
const VARIANTS = 2_000;

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** `count` different query strings of `screen` (a fixed-seed walk through its thresholds). */
function variantsOf(screen: (typeof SCREENS)[number], count: number): string[] {
  const seen = new Set<string>();
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647);
  for (let tries = 0; seen.size < count && tries < count * 20; tries += 1) {
    const query = screen.query
      .replace('{sector}', SECTORS[next() % SECTORS.length] ?? 'Energy')
      .replace('{exchange}', next() % 2 === 0 ? 'NYSE' : 'NASDAQ')
      .replace('{a}', String(screen.a[next() % screen.a.length]))
      .replace('{b}', String(screen.b[next() % screen.b.length]))
      .replace('{c}', String(screen.c[next() % screen.c.length]));
    seen.add(query.replaceAll(' ', '%20'));
  }
  return [...seen];
}

/**
 * bench/screener: 50,000 listings with a year of daily bars, quotes, per-share figures and
 * 100,000 articles of the last week, stored by SQL; the `screener.refresh-metrics` job's work
 * (the service it calls), timed; then `/api/screener/query` with three filters and a sort under
 * autocannon against the reference SELECT.
 */
export async function runScreenerBench(options: { seconds: number }) {
  const { seconds } = options;
  const stack = DATA_DIR
    ? await startKeptStack('bench/screener', DATA_DIR, {})
    : await startBenchStack();
  const db = createDatabase({
    url: stack.databaseUrl,
    maxConnections: 2,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
  });
  try {
    let started = performance.now();
    const existing = Number(
      (await sql<{ n: string }>`select count(*) as n from securities`.execute(db)).rows[0]?.n ?? 0,
    );
    if (existing < LISTINGS) await storeListings(db, existing);
    console.log(
      `\nbench/screener: ${LISTINGS.toLocaleString('en-US')} listings, ${BAR_DAYS} days of bars, quotes, fundamentals and ${WEEK_ARTICLES.toLocaleString('en-US')} articles ${existing < LISTINGS ? 'stored' : 'kept'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const service = createScreenerService({
      repository: createScreenerRepository(db),
      clock: systemClock,
      watchedSymbols: () => Promise.resolve([]),
      heldSymbols: () => Promise.resolve([]),
    });
    const runs: number[] = [];
    let written = 0;
    for (let run = 0; run < 2; run += 1) {
      started = performance.now();
      written = await service.refresh({ fundamentals: false });
      runs.push(performance.now() - started);
    }
    await sql`vacuum analyze screener_metrics`.execute(db);
    console.log(
      `bench/screener: the refresh job wrote ${written.toLocaleString('en-US')} listings' metrics in ${runs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' and ')} (first, second)`,
    );

    await measureSnapshot(db);

    // Cold: a second API process on the same database with no kept answers (SCREENER_CACHE=off):
    // every screen is evaluated afresh over the process's metrics snapshot (SCREENER_SNAPSHOT),
    // loaded once after the refresh; warm: the stack's process, after each screen was asked once.
    // Both load many different screens per row.
    const coldPort = await freePort();
    const cold = await startProcess(
      [...NODE_ARGS, 'packages/server/src/main.ts', '--role=api'],
      {
        PORT: String(coldPort),
        HOST: '127.0.0.1',
        DATABASE_URL: stack.databaseUrl,
        LOG_LEVEL: 'warn',
        SCREENER_CACHE: 'off',
        SCREENER_SNAPSHOT: 'on',
      },
      answers(`http://127.0.0.1:${coldPort}/api/health`),
    );
    try {
      const reference = await load('reference: indexed SELECT', `${stack.reference}/select`, {
        seconds,
      });
      const rows = [reference];
      const warmRows = [reference];
      // The cold process loads its snapshot in the background at its first screen and reads
      // PostgreSQL until then: wait until a screen answers from memory (fast three times running).
      const probe = `http://127.0.0.1:${coldPort}/api/screener/query?price__gte=1&order_by=-market_cap`;
      const waited = performance.now();
      for (let fast = 0; fast < 3 && performance.now() - waited < 120_000;) {
        const asked = performance.now();
        await (await fetch(probe)).text();
        fast = performance.now() - asked < 15 ? fast + 1 : 0;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      console.log(
        `bench/screener: the cold process answered from its snapshot after ${((performance.now() - waited) / 1000).toFixed(1)} s`,
      );
      for (const screen of SCREENS.filter((kind) => !ONLY || ONLY.test(kind.name))) {
        const paths = variantsOf(screen, VARIANTS).map((query) => `/api/screener/query?${query}`);
        const totals: number[] = [];
        for (const path of paths.slice(0, 50)) {
          const check = await fetch(`http://127.0.0.1:${coldPort}${path}`);
          const body = (await check.json()) as { total?: number; error_msg?: string };
          if (!check.ok) throw new Error(`${path}: ${check.status} ${body.error_msg}`);
          totals.push(body.total ?? 0);
        }
        totals.sort((x, y) => x - y);
        console.log(
          `bench/screener: ${screen.name}: ${paths.length} screens, matches of the first 50 from ${totals[0]} to ${totals.at(-1)} (median ${totals[25]})`,
        );
        rows.push(
          await load(`cold: ${screen.name}`, `http://127.0.0.1:${coldPort}${paths[0]}`, {
            seconds,
            paths,
          }),
        );
        if (!WARM) continue;
        const origin = new URL(stack.api).origin;
        started = performance.now();
        for (let i = 0; i < paths.length; i += 32) {
          await Promise.all(
            paths.slice(i, i + 32).map(async (path) => (await fetch(`${origin}${path}`)).text()),
          );
        }
        console.log(
          `bench/screener: ${screen.name}: ${paths.length} screens asked once in ${((performance.now() - started) / 1000).toFixed(1)} s (32 at a time)`,
        );
        warmRows.push(
          await load(`warm: ${screen.name}`, `${origin}${paths[0]}`, { seconds, paths }),
        );
      }
      printTable(
        `bench/screener, cold: no kept answers, each screen evaluated over the metrics snapshot (${seconds} s per route, 32 connections, ${VARIANTS.toLocaleString('en-US')} screens per route; ratio to the indexed SELECT; target ≥ 0.5×, p99 < 50 ms, no errors)`,
        rows,
        reference,
      );
      if (WARM) {
        printTable(
          `bench/screener, warm: every screen asked once before (same screens and load)`,
          warmRows,
          reference,
        );
      }
    } finally {
      await cold.stop();
    }
  } finally {
    await db.destroy();
    await stack.stop();
  }
}

/** A query string as the server's parser gives it to a route: a repeated name, a list. */
function queryObject(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const had = out[name];
    out[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return out;
}

/**
 * What the API process's metrics snapshot costs: its load (the SQL and the columns), its heap with
 * one kept order, and the in-memory evaluation of every screen of the bench's kinds.
 */
async function measureSnapshot(db: ReturnType<typeof createDatabase>) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const used = () => {
    gc();
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.arrayBuffers;
  };
  const before = used();
  let started = performance.now();
  const snapshot = createScreenerSnapshot(await createScreenerSnapshotRepository(db).dump());
  const loadMs = performance.now() - started;
  started = performance.now();
  await snapshot.prepare();
  const prepareMs = performance.now() - started;
  const firstOrder = performance.now();
  snapshot.page(screenerQuery.parse({ order_by: '-market_cap' }), null);
  const orderMs = performance.now() - firstOrder;
  const bytes = used() - before;
  const times: number[] = [];
  for (const screen of SCREENS) {
    for (const query of variantsOf(screen, VARIANTS)) {
      const ast = screenerQuery.parse(queryObject(query));
      started = performance.now();
      snapshot.page(ast, null);
      times.push(performance.now() - started);
    }
  }
  times.sort((x, y) => x - y);
  const at = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(2);
  console.log(
    `bench/screener: snapshot of ${snapshot.size.toLocaleString('en-US')} listings loaded in ${(loadMs / 1000).toFixed(1)} s, its indexes built in ${(prepareMs / 1000).toFixed(1)} s, ${(bytes / 2 ** 20).toFixed(1)} MiB with one order (first order sorted in ${orderMs.toFixed(0)} ms; each further order and its inverse ${((snapshot.size * 8) / 2 ** 10).toFixed(0)} KiB); ${times.length.toLocaleString('en-US')} screens evaluated in memory: median ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
}

/** The bench's listings beyond the `existing` ones, with their bars, quotes, figures and news. */
async function storeListings(db: ReturnType<typeof createDatabase>, existing: number) {
  await sql`
    with made as (
      insert into companies (company_name, safe_name, exchange_tickers, gics_sector,
                             gics_sub_industry)
      select 'Screened Company ' || g, 'screened-' || g, array['NYSE:SC' || g],
             (${SECTORS}::text[])[1 + g % ${SECTORS.length}],
             'Industry ' || (g % 70)
      from generate_series(1, ${LISTINGS - existing}::int) as g
      returning id, exchange_tickers[1] as symbol
    )
    insert into securities (exchange_ticker, ticker, exchange, company_id)
    select symbol, split_part(symbol, ':', 2),
           case when random() < 0.5 then 'NYSE' else 'NASDAQ' end, id
    from made`.execute(db);
  await sql`
    insert into price_series (exchange_ticker, month, days, open, high, low, close, volume)
    select exchange_ticker, date_trunc('month', d)::date, array_agg(d order by d),
           array_agg(c order by d), array_agg(c * 1.01 order by d), array_agg(c * 0.99 order by d),
           array_agg(c order by d), array_agg(v order by d)
    from (
      select s.exchange_ticker, g.d::date as d,
             (10 + (hashtext(s.exchange_ticker) & 255)) *
               exp(sum((random() - 0.5) * 0.04)
                 over (partition by s.exchange_ticker order by g.d)) as c,
             (random() * 3000000)::bigint as v
      from securities s
      cross join generate_series(current_date - ${BAR_DAYS}::int, current_date - 1,
                                 interval '1 day') as g(d)
      where extract(isodow from g.d) < 6
    ) x
    group by exchange_ticker, date_trunc('month', d)
    on conflict do nothing`.execute(db);
  await sql`
    insert into quote_snapshots (exchange_ticker, price, previous_close, open, day_low, day_high,
      change, change_pct, currency, source, as_of, change_pct_1, change_pct_8, change_pct_31,
      change_pct_365)
    select p.exchange_ticker, p.close[cardinality(p.close)], p.close[cardinality(p.close)],
      p.close[cardinality(p.close)], p.close[cardinality(p.close)],
      p.close[cardinality(p.close)], 0, 0, 'USD', 'demo', now(),
      (random() - 0.5) * 8, (random() - 0.5) * 16, (random() - 0.5) * 30, (random() - 0.4) * 80
    from price_series p
    where p.month = date_trunc('month', current_date - 1)::date
    on conflict (exchange_ticker) do nothing`.execute(db);
  await sql`
    insert into listing_fundamentals (exchange_ticker, shares_outstanding, dividend_per_share,
                                      eps_ttm, source, updated_at)
    select exchange_ticker, (random() * 5e9)::bigint,
           case when random() < 0.5 then 0 else random() * 4 end,
           case when random() < 0.15 then null else (random() - 0.1) * 10 end, 'bench', now()
    from securities
    on conflict do nothing`.execute(db);
  // Each article is about the listing numbered (g × 7919) mod the listings: a spread that
  // gives some listings several articles and most none.
  await sql`
    with numbered as (
      select exchange_ticker, (row_number() over (order by exchange_ticker)) - 1 as n
      from securities
    )
    insert into news (link, guid, title, creation_date, source, sentiment_score,
                      related_exchange_tickers)
    select 'https://bench.example/' || g, 'screener-bench-' || g, 'Bench story ' || g,
           now() - random() * interval '7 days', 'bench',
           array[round((random() * 20 - 10)::numeric, 1)::float8], array[s.exchange_ticker]
    from generate_series(1, ${WEEK_ARTICLES}::int) as g
    join numbered s on s.n = (g::bigint * 7919) % ${LISTINGS}`.execute(db);
  await sql`vacuum analyze`.execute(db);
}
