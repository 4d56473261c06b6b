import { sql } from 'kysely';
import { systemClock } from '../packages/server/src/clock.ts';
import { createDatabase } from '../packages/server/src/db/database.ts';
import { createScreenerRepository } from '../packages/server/src/modules/screener/screener.repository.ts';
import { createScreenerService } from '../packages/server/src/modules/screener/screener.service.ts';
import { load, printTable, startBenchStack } from './lib/harness.ts';

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
 * column and on one the filters do not narrow, a text filter, the news figures.
 */
const SCREENS: [string, string][] = [
  [
    'sector, year change, near high; by market cap',
    'sector=Energy&change_pct_365__gte=10&from_high_pct__gte=-10&order_by=-market_cap',
  ],
  [
    'market cap, yield, P/E; by yield',
    'market_cap__gte=10000000000&dividend_yield__gte=2&pe_ratio__lt=20&order_by=-dividend_yield',
  ],
  [
    'news count, sentiment, price; by sentiment',
    'news_count_7d__gte=2&sentiment_7d__gte=2&price__gte=5&order_by=-sentiment_7d',
  ],
  [
    'month change, volume, exchange; by month change',
    'change_pct_31__lt=0&avg_volume__gte=1000000&exchange=NYSE&order_by=change_pct_31',
  ],
  [
    'three broad filters; by average volume',
    'price__gte=1&change_pct_1__gt=-50&from_low_pct__gte=0&order_by=-avg_volume',
  ],
  [
    'industry-wide: sector in, P/E, week change; by P/E, page 5',
    'sector=Health Care&sector=Financials&pe_ratio__gt=0&change_pct_8__gt=-5&order_by=pe_ratio&skip=100',
  ],
];

/**
 * bench/screener: 50,000 listings with a year of daily bars, quotes, per-share figures and
 * 100,000 articles of the last week, stored by SQL; the `screener.refresh-metrics` job's work
 * (the service it calls), timed; then `/api/screener/query` with three filters and a sort under
 * autocannon against the reference SELECT.
 */
export async function runScreenerBench(options: { seconds: number }) {
  const { seconds } = options;
  const stack = await startBenchStack();
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
    console.log(
      `\nbench/screener: ${LISTINGS.toLocaleString('en-US')} listings, ${BAR_DAYS} days of bars, quotes, fundamentals and ${WEEK_ARTICLES.toLocaleString('en-US')} articles stored in ${((performance.now() - started) / 1000).toFixed(1)} s`,
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

    const reference = await load('reference: indexed SELECT', `${stack.reference}/select`, {
      seconds,
    });
    const rows = [reference];
    for (const [name, query] of SCREENS) {
      const url = `${stack.api}/screener/query?${query.replaceAll(' ', '%20')}`;
      const check = await fetch(url);
      const body = (await check.json()) as { total?: number; error_msg?: string };
      console.log(
        `bench/screener: ${name}: ${check.status}, ${body.total ?? body.error_msg} matches`,
      );
      rows.push(await load(`GET /screener/query: ${name}`, url, { seconds }));
    }
    printTable(
      `bench/screener (${seconds} s per route, 32 connections; ratio to the indexed SELECT; target ≥ 0.5×, p99 < 50 ms, no errors)`,
      rows,
      reference,
    );
  } finally {
    await db.destroy();
    await stack.stop();
  }
}
