import { sql } from 'kysely';
import { pino } from 'pino';
import { systemClock } from '../packages/server/src/clock.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createDatabase } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { ensureDemoCompanies } from '../packages/server/src/modules/companies/demo-companies.ts';
import { createServices } from '../packages/server/src/modules/create-services.ts';
import { quoteCrossingsSql } from '../packages/server/src/modules/alert-rules/alert-rule-crossings.repository.ts';
import { articleMatchesSql } from '../packages/server/src/modules/alert-rules/alert-rule-eval.repository.ts';
import { createBenchUsers } from './lib/bench-users.ts';
import { load, printTable, startBenchDatabase, startStackOn } from './lib/harness.ts';

const USERS = 5_000;
const RULES = 100_000;
const ARTICLES = 100;
const ROUNDS = 5;

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * 100,000 active alert rules over 5,000 users (price levels, day moves, 52-week, volume and
 * keyword rules; on one symbol, a watchlist of 20 or the holdings) against the 691 demo
 * listings with a year of bars: the time to evaluate one universe refresh (every listing's quote
 * moved) and one batch of 100 analysed articles, and the delay from a quote's storing to its
 * alerts in the outbox (p50/p99). Targets: a refresh evaluated in under 1 s; p99 delay under 5 s
 * plus the refresh interval. Reference: one indexed SELECT by primary key (mean of 1,000).
 * Refreshes are measured quiet (each quote a small step), on a busy day and in a storm (every
 * quote anywhere within ±6 %). Then the alerts page's reads (`/alerts/rules`,
 * `/alerts/rules/history`) under load against the reference routes
 * (`ALERT_RULES_BENCH_ROUTES=0` leaves them out).
 */
export async function runAlertRulesBench(options: { seconds: number }) {
  const database = await startBenchDatabase();
  // No statement timeout: the set-up writes millions of rows in a few statements.
  const db = createDatabase({
    url: database.url,
    maxConnections: 4,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
  });
  try {
    await migrateToLatest(db);
    await ensureDemoCompanies(db);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
    });
    // The evaluation logs each step's time with what fired: kept here for the refreshes' lines.
    let steps: Record<string, number> | null = null;
    const stepLog = pino(
      { level: 'info' },
      {
        write: (line: string) => {
          const record = JSON.parse(line) as Record<string, unknown>;
          if (record.msg !== 'alert rules fired on quotes') return;
          steps = Object.fromEntries(
            Object.entries(record).filter(
              (entry): entry is [string, number] =>
                entry[0].endsWith('_ms') && typeof entry[1] === 'number',
            ),
          );
        },
      },
    );
    const services = createServices({
      db,
      config,
      log: stepLog,
      clock: systemClock,
      jobs: { enqueue: () => Promise.resolve(null) },
    });
    const setupStarted = performance.now();
    const { rows: listings } = await sql<{ symbol: string }>`
      select exchange_ticker as symbol from securities order by 1`.execute(db);
    const symbols = listings.map((l) => l.symbol);
    // A year and a month of daily bars per listing (52-week range, 50-session volume).
    await sql`
      insert into price_series (exchange_ticker, month, days, open, high, low, close, volume)
      select s.symbol, date_trunc('month', d)::date, array_agg(d::date order by d),
        array_agg(100::float8 order by d), array_agg(110::float8 order by d),
        array_agg(90::float8 order by d), array_agg(100::float8 order by d),
        array_agg((1000 + (random() * 200)::int)::bigint order by d)
      from unnest(${symbols}::text[]) as s(symbol)
      cross join generate_series(current_date - 400, current_date, interval '1 day') as d
      group by 1, 2`.execute(db);
    // Every listing's quote set to `price`, an SQL expression of `cur` (its price before) and
    // random(); the change is from a previous close of 100.
    const quoteAt = async (price: string) =>
      sql`
        insert into quote_snapshots (exchange_ticker, price, previous_close, open, day_low,
          day_high, change, change_pct, currency, source, as_of)
        select s.symbol, p.price, 100, 100, least(p.price, 100), greatest(p.price, 100),
          p.price - 100, p.price - 100, 'USD', 'demo', now()
        from unnest(${symbols}::text[]) as s(symbol)
        cross join lateral (select coalesce((select price from quote_snapshots
          where exchange_ticker = s.symbol), 100) as cur) c
        -- Correlated with the row, so random() is drawn per listing, not once for them all.
        cross join lateral (select round((${sql.raw(price)})::numeric, 2)::float8 as price
          where c.cur is not null) p
        on conflict (exchange_ticker) do update set price = excluded.price,
          change = excluded.change, change_pct = excluded.change_pct,
          day_low = excluded.day_low, day_high = excluded.day_high, as_of = excluded.as_of`.execute(
        db,
      );
    await quoteAt('100');
    const users = await createBenchUsers(db, {
      prefix: 'rules',
      count: USERS,
      plan: () => 'tier3_monthly',
    });
    const ids = users.map((u) => u.id);
    // Each user watches 20 listings and holds 5.
    await sql`
      insert into watchlists (user_id, name, exchange_tickers)
      select u.id, 'default', (select array_agg((${symbols}::text[])[1 + ((i * 7 + k * 13) % ${symbols.length})])
        from generate_series(1, 20) k)
      from unnest(${ids}::uuid[]) with ordinality as u(id, i)`.execute(db);
    await sql`
      with p as (
        insert into portfolios (user_id, name) select id, 'default' from unnest(${ids}::uuid[]) as u(id)
        returning id, user_id)
      insert into portfolio_transactions (portfolio_id, type, symbol, trade_date, quantity, price,
        fees, currency, note, created_at)
      select p.id, 'buy', (${symbols}::text[])[1 + ((abs(hashtext(p.user_id::text)) + k * 31) % ${symbols.length})],
        current_date - 30, 10, 100, 0, 'USD', '', now()
      from p cross join generate_series(1, 5) k`.execute(db);
    // The rules: per user 20, by kind and scope in the shares below.
    await sql`
      insert into alert_rules (user_id, kind, scope, symbol, watchlist, threshold, direction,
        keyword, repeat, cooldown_minutes, channels, created_at, updated_at)
      select u.id, r.kind, r.scope,
        case when r.scope = 'symbol' then (${symbols}::text[])[1 + ((i * 20 + n * 37) % ${symbols.length})] end,
        case when r.scope = 'watchlist' then 'default' end,
        r.threshold, case when r.kind = 'day_move' then 'either' end,
        case when r.kind = 'keyword' then (array['merger', 'FDA approval', 'guidance cut', 'buyback', 'lawsuit', 'dividend increase'])[1 + (n % 6)] end,
        true, 1440, array['in_app', 'email'], now(), now()
      from unnest(${ids}::uuid[]) with ordinality as u(id, i)
      cross join generate_series(1, ${RULES / USERS}) n
      cross join lateral (select
        case when n <= 6 then 'price_above' when n <= 10 then 'price_below'
          when n <= 14 then 'day_move' when n = 15 then 'high_52w' when n = 16 then 'low_52w'
          when n = 17 then 'volume_spike' else 'keyword' end as kind,
        case when n = 13 then 'watchlist' when n = 14 then 'holdings' when n = 18 then 'any'
          else 'symbol' end as scope,
        case when n <= 6 then 101 + (n % 5)::float8 when n <= 10 then 99 - (n % 5)::float8
          when n <= 12 then 2 + (n % 3)::float8 when n <= 14 then 3::float8
          when n = 17 then 3::float8 end as threshold) r`.execute(db);
    await sql`analyze`.execute(db);
    const { rows: counted } = await sql<{
      n: string;
    }>`select count(*) as n from alert_rules where status = 'active'`.execute(db);
    console.log(
      `alert-rules: ${counted[0]?.n ?? '?'} active rules over ${String(USERS)} users, ${String(symbols.length)} listings; set-up ${ms(performance.now() - setupStarted)}`,
    );

    // Reference: an indexed SELECT by primary key.
    const { rows: someRules } = await sql<{
      id: string;
    }>`select id from alert_rules limit 1000`.execute(db);
    const refStarted = performance.now();
    for (const { id } of someRules)
      await sql`select id from alert_rules where id = ${id}`.execute(db);
    const reference = (performance.now() - refStarted) / someRules.length;

    if (process.env.ALERT_RULES_BENCH_EXPLAIN === '1') {
      const { rows: plan } = await sql<{
        'QUERY PLAN': string;
      }>`explain analyze ${quoteCrossingsSql(symbols, new Date())}`.execute(db);
      console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
    }
    // The first evaluation stores every condition's state (nothing crossed yet at 100).
    const first = performance.now();
    const baseline = await services.alertRules.evaluateQuotes(symbols);
    console.log(
      `  first evaluation (states stored): ${ms(performance.now() - first)}, fired ${String(baseline.fired)}`,
    );

    /** `rounds` universe refreshes with prices from `price`: evaluation time and delays. */
    async function refreshes(label: string, price: string, rounds: number) {
      const times: number[] = [];
      const delays: number[] = [];
      let fired = 0;
      for (let round = 1; round <= rounds; round += 1) {
        await quoteAt(price);
        const stored = Date.now();
        const started = performance.now();
        const result = await services.alertRules.evaluateQuotes(symbols);
        times.push(performance.now() - started);
        if (process.env.ALERT_RULES_BENCH_STEPS === '1' && steps)
          console.log(
            `    refresh ${String(round)}: ${ms(times.at(-1) ?? 0)}, fired ${String(result.fired)}; ${Object.entries(
              steps,
            )
              .map(([step, value]) => `${step.replace(/_ms$/, '')} ${String(value)} ms`)
              .join(', ')}`,
          );
        steps = null;
        // Every delivery of the round is in the outbox (committed) once the evaluation returns:
        // its delay is counted to then, not to the `created_at` taken before the insert ran.
        const visible = Date.now();
        fired += result.fired;
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from deliveries where kind = 'rule' and created_at >= ${new Date(stored)}`.execute(
          db,
        );
        for (let i = 0; i < Number(rows[0]?.n ?? 0); i += 1) delays.push(visible - stored);
      }
      console.log(
        `  ${label}: evaluated p50 ${ms(percentile(times, 50))}, max ${ms(Math.max(...times))} over ${String(rounds)} refreshes of ${String(symbols.length)} quotes; ${String(fired)} firings (${String(Math.round(fired / rounds))} a refresh); target < 1,000 ms`,
      );
      console.log(
        delays.length === 0
          ? '    quote stored → outbox: no delivery written'
          : `    quote stored → outbox: p50 ${ms(percentile(delays, 50))}, p99 ${ms(percentile(delays, 99))} over ${String(delays.length)} deliveries (plus the wait for the refresh: 60 s watched, 15 min universe)`,
      );
    }
    // ALERT_RULES_BENCH_ONLY=articles: the batch of articles alone, no refreshes.
    if (process.env.ALERT_RULES_BENCH_ONLY !== 'articles') {
      // A quiet refresh (the normal case): each quote a step of up to ±0.3 % from the last.
      await refreshes(
        'quiet refresh (steps of ±0.3 %)',
        'cur * (1 + (random() - 0.5) * 0.006)',
        10,
      );
      // A busy day: quotes anywhere within ±2.5 % of the previous close at each refresh.
      await refreshes(
        'busy day (±2.5 % of the close)',
        '100 * (1 + (random() - 0.5) * 0.05)',
        ROUNDS,
      );
      // The storm: every quote anywhere within ±6 % of the close at each refresh.
      await refreshes('storm (±6 % of the close)', '100 * (1 + (random() - 0.5) * 0.12)', ROUNDS);
    }

    // A batch of 100 analysed articles, a third with a watched phrase.
    const phrases = ['merger talks', 'FDA approval', 'guidance cut', 'record quarter'];
    const batchStart = new Date();
    await sql`
      insert into news (link, guid, title, creation_date, sentiment_score, related_exchange_tickers,
        status, "AI", source, updated_at)
      select 'https://bench.example/' || g, 'rules-' || g,
        'Company ' || g || ' announces ' || (${phrases}::text[])[1 + g % 4] || ' after review',
        now() - interval '1 hour', array[(g % 11) - 5], array[(${symbols}::text[])[1 + (g * 17) % ${symbols.length}]],
        'PROCESSED', jsonb_build_object('defcon_level', 1 + g % 5, 'sentiment', 'neutral'), 'bench', now()
      from generate_series(1, ${ARTICLES}) g`.execute(db);
    if (process.env.ALERT_RULES_BENCH_EXPLAIN === '1') {
      const { rows: plan } = await sql<{
        'QUERY PLAN': string;
      }>`explain analyze ${articleMatchesSql(batchStart, new Date(), 5_000)}`.execute(db);
      console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
    }
    const articleStarted = performance.now();
    const articles = await services.alertRules.evaluateArticles(batchStart, new Date());
    console.log(
      `  ${String(ARTICLES)} analysed articles evaluated: ${ms(performance.now() - articleStarted)}, ${String(articles.candidates)} matches, ${String(articles.fired)} fired`,
    );
    console.log(`  reference: one indexed SELECT ${ms(reference)}`);
    services.close();

    // The alerts page's reads for one of the users (20 rules, the history of what fired above)
    // under load, against the reference routes on the same database.
    const reader = users[0];
    if (reader && process.env.ALERT_RULES_BENCH_ROUTES !== '0') {
      const { rows: history } = await sql<{ n: string }>`
        select count(*) as n from alert_rule_firings where user_id = ${reader.id}`.execute(db);
      const stack = await startStackOn(
        { url: database.url, stop: () => Promise.resolve() },
        { RATE_LIMIT_SCALE: '10000' },
      );
      try {
        const { seconds } = options;
        const headers = { authorization: `Bearer ${reader.token}` };
        const bare = await load('reference: bare route', `${stack.reference}/bare`, { seconds });
        const select = await load('reference: indexed SELECT', `${stack.reference}/select`, {
          seconds,
        });
        const rows = [
          await load('GET /api/alerts/rules (20 rules)', `${stack.api}/alerts/rules`, {
            seconds,
            headers,
          }),
          await load(
            `GET /api/alerts/rules/history (${history[0]?.n ?? '?'} fired)`,
            `${stack.api}/alerts/rules/history`,
            { seconds, headers },
          ),
        ];
        printTable(
          `bench/alert-rules: the alerts page's reads (${String(seconds)} s per route, 32 connections; ratio to the indexed SELECT; target ≥ 0.5×, p99 ≤ 2× the reference's)`,
          [bare, select, ...rows],
          select,
        );
      } finally {
        await stack.stop();
      }
    }
  } finally {
    await db.destroy();
    await database.stop();
  }
}
