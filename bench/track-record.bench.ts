import { sql } from 'kysely';
import { pino } from 'pino';
import { systemClock } from '../packages/server/src/clock.ts';
import { createDatabase } from '../packages/server/src/db/database.ts';
import { createTrackRecordRepository } from '../packages/server/src/modules/track-record/track-record.repository.ts';
import { createTrackRecordService } from '../packages/server/src/modules/track-record/track-record.service.ts';
import { load, printTable, startBenchStack } from './lib/harness.ts';
import { insertBenchArticles } from './lib/news-data.ts';

const ARTICLES = 1_000_000;
/** Calendar days of daily bars: the articles span about 730 days (one every 63 s). */
const BAR_DAYS = 800;

/**
 * bench/track-record: 1,000,000 processed articles (bench/lib/news-data.ts: one every 63 s over
 * two years, scores −10 … +10, one company each except every seventh) and a random walk of daily
 * closes for every listing over 800 days, stored by SQL; then the `track-record.compute` job's
 * work (the service the job calls), timed twice, and `/analysis/track-record` under autocannon
 * against the reference SELECT.
 */
export async function runTrackRecordBench(options: { seconds: number }) {
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
    await insertBenchArticles(db, ARTICLES);
    await sql`vacuum analyze news`.execute(db);
    console.log(
      `\nbench/track-record: ${ARTICLES.toLocaleString('en-US')} articles loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    started = performance.now();
    await sql`
      insert into price_series (exchange_ticker, month, days, open, high, low, close, volume)
      select exchange_ticker, date_trunc('month', d)::date, array_agg(d order by d),
             array_agg(c order by d), array_agg(c order by d), array_agg(c order by d),
             array_agg(c order by d), array_agg(1000::bigint order by d)
      from (
        select s.exchange_ticker, g.d::date as d,
               100 * exp(sum((random() - 0.5) * 0.04)
                 over (partition by s.exchange_ticker order by g.d)) as c
        from securities s
        cross join generate_series(current_date - ${BAR_DAYS}::int, current_date - 1,
                                   interval '1 day') as g(d)
        where extract(isodow from g.d) < 6
      ) x
      group by exchange_ticker, date_trunc('month', d)`.execute(db);
    await sql`
      insert into price_history_status (exchange_ticker, first_day, last_day)
      select exchange_ticker, current_date - ${BAR_DAYS}::int, current_date - 1 from securities
      on conflict do nothing`.execute(db);
    await sql`vacuum analyze price_series`.execute(db);
    const listings = Number(
      (
        await sql<{
          n: string;
        }>`select count(distinct exchange_ticker) as n from price_series`.execute(db)
      ).rows[0]?.n ?? 0,
    );
    console.log(
      `bench/track-record: daily bars of ${listings} listings over ${BAR_DAYS} days stored in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const service = createTrackRecordService({
      repository: createTrackRecordRepository(db),
      clock: systemClock,
      log: pino({ level: 'silent' }),
      demo: true,
    });
    const runs: number[] = [];
    let calls = 0;
    for (let run = 0; run < 2; run += 1) {
      const runStarted = performance.now();
      const result = await service.compute();
      runs.push(performance.now() - runStarted);
      if (result.computed) calls = result.calls;
    }
    const record = await service.current();
    const memory = Math.round(process.memoryUsage().rss / 2 ** 20);
    console.log(
      `bench/track-record: the job scored ${calls.toLocaleString('en-US')} calls of ${record?.articles.toLocaleString('en-US') ?? '?'} articles ` +
        `(${record?.list_articles ?? 0} list articles, ${record?.pending.toLocaleString('en-US') ?? '?'} open) in ` +
        `${runs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' and ')} (cold, warm); bench process RSS ${memory} MiB; ` +
        `5-day hit rate on random prices ${((record?.overall[1]?.hit_rate ?? 0) * 100).toFixed(1)} %`,
    );

    const reference = await load('reference: indexed SELECT', `${stack.reference}/select`, {
      seconds,
    });
    const rows = [
      reference,
      await load('GET /analysis/track-record', `${stack.api}/analysis/track-record`, { seconds }),
    ];
    printTable(
      `bench/track-record (${seconds} s per route, 32 connections; ratio to the indexed SELECT; target ≥ 0.5×, no errors)`,
      rows,
      reference,
    );
  } finally {
    await db.destroy();
    await stack.stop();
  }
}
