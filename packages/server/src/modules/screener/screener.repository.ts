import { sql } from 'kysely';
import { readerNewsSql } from '../../db/article-visibility.ts';
import type { Database } from '../../db/database.ts';
import { deletedAny } from '../../db/row-values.ts';
import { createPreparedRunner } from '../../db/prepared.ts';
import type { Fundamentals } from '../../providers/market-data/market-data-provider.ts';
import { METRICS_REFRESHED, SCREENER_CHANNEL } from './screener-answers.ts';
import { screenerQuery, type ScreenerQueryAst } from './screener-query.ts';

/** Exchange whose calendar days the 52-week window and the volume window count. */
const MARKET_TIME_ZONE = 'America/New_York';

export const ROW_COLUMNS = [
  'exchange_ticker',
  'company_name',
  'sector',
  'industry',
  'exchange',
  'currency',
  'price',
  'market_cap',
  'change_pct_1',
  'change_pct_8',
  'change_pct_31',
  'change_pct_365',
  'high_52w',
  'low_52w',
  'from_high_pct',
  'from_low_pct',
  'avg_volume',
  'dividend_yield',
  'pe_ratio',
  'news_count_7d',
  'sentiment_7d',
  'computed_at',
] as const;

/** One listing's metrics as a page lists them. */
export type ScreenerMetricsRow = Awaited<ReturnType<ScreenerRepository['page']>>[number];

/** What saving a screen did. */
export type SaveScreenOutcome = 'saved' | 'limit' | 'duplicate';

/** SQL of the screener: its metrics table, the fundamentals it reads, users' saved screens. */
export function createScreenerRepository(db: Database) {
  const prepared = createPreparedRunner(db, 'screener');
  const within = (symbols: readonly string[] | null) =>
    db
      .selectFrom('screener_metrics')
      .$if(symbols !== null, (qb) =>
        qb.where(
          'screener_metrics.exchange_ticker',
          '=',
          sql<string>`any(${symbols ?? []}::text[])`,
        ),
      );
  return {
    /** One page of listings by the query language, limited to `symbols` when given. */
    page(ast: ScreenerQueryAst, symbols: readonly string[] | null) {
      return screenerQuery.apply(within(symbols).select(ROW_COLUMNS), ast).execute();
    },

    /** How many listings match the query's filters, limited to `symbols` when given. */
    async count(ast: ScreenerQueryAst, symbols: readonly string[] | null): Promise<number> {
      const base = within(symbols);
      const row = await (ast.filters.length > 0 ? base.where(screenerQuery.where(ast)) : base)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The distinct sectors, industries and exchanges of the screened listings. */
    async facets() {
      const [sectors, industries, exchanges] = await Promise.all([
        db
          .selectFrom('screener_metrics')
          .select('sector')
          .distinct()
          .where('sector', 'is not', null)
          .orderBy('sector')
          .execute(),
        db
          .selectFrom('screener_metrics')
          .select(['sector', 'industry'])
          .distinct()
          .where('sector', 'is not', null)
          .where('industry', 'is not', null)
          .orderBy('sector')
          .orderBy('industry')
          .execute(),
        db
          .selectFrom('screener_metrics')
          .select('exchange')
          .distinct()
          .orderBy('exchange')
          .execute(),
      ]);
      return {
        sectors: sectors.flatMap((row) => row.sector ?? []),
        industries: industries.flatMap((row) =>
          row.sector && row.industry ? [{ sector: row.sector, industry: row.industry }] : [],
        ),
        exchanges: exchanges.map((row) => row.exchange),
      };
    },

    /** Every listing, for the fundamentals refresh. */
    async allSymbols(): Promise<string[]> {
      const rows = await db
        .selectFrom('securities')
        .select('exchange_ticker')
        .orderBy('exchange_ticker')
        .execute();
      return rows.map((row) => row.exchange_ticker);
    },

    /** When the newest per-share figures were stored (null: none are). */
    async fundamentalsAsOf(): Promise<Date | null> {
      const row = await db
        .selectFrom('listing_fundamentals')
        .select((eb) => eb.fn.max('updated_at').as('at'))
        .executeTakeFirst();
      return row?.at ?? null;
    },

    /** Stores the provider's per-share figures (listings that no longer exist are skipped). */
    async upsertFundamentals(rows: readonly Fundamentals[], source: string, now: Date) {
      if (rows.length === 0) return;
      const column = <T>(pick: (row: Fundamentals) => T) => rows.map(pick);
      await sql`
        insert into listing_fundamentals as f
          (exchange_ticker, shares_outstanding, dividend_per_share, eps_ttm, source, updated_at)
        select u.symbol, u.shares, u.dividend, u.eps, ${source}, ${now}
        from unnest(
          ${column((r) => r.symbol)}::text[],
          ${column((r) => r.shares_outstanding)}::float8[],
          ${column((r) => r.dividend_per_share)}::float8[],
          ${column((r) => r.eps_ttm)}::float8[]
        ) as u(symbol, shares, dividend, eps)
        where exists (select 1 from securities s where s.exchange_ticker = u.symbol)
        on conflict (exchange_ticker) do update set
          shares_outstanding = excluded.shares_outstanding,
          dividend_per_share = excluded.dividend_per_share,
          eps_ttm = excluded.eps_ttm, source = excluded.source, updated_at = excluded.updated_at`.execute(
        db,
      );
    },

    /**
     * Recomputes every listing's metrics in one statement: the quote's price and change fields;
     * the 52-week range from the daily highs and lows of the 365 days to `now` (the price
     * included); the mean volume of the sessions of the last 91 days; market value, yield and P/E
     * from the fundamentals; the count and mean analyst sentiment of the readers' articles of the
     * 7 days to `now`. The same transaction NOTIFYs `stockpulse_screener`, so every API process
     * drops its kept answers once the new metrics are visible. Returns the number of listings
     * written.
     */
    refreshMetrics: (now: Date): Promise<number> =>
      db.transaction().execute(async (trx) => {
        const since = new Date(now.getTime() - 7 * 86_400_000);
        const result = await sql`
        with today as (
          select (${now}::timestamptz at time zone ${MARKET_TIME_ZONE})::date as day
        ), bars as (
          select p.exchange_ticker, u.d, u.high, u.low, u.volume
          from price_series p
          cross join today
          cross join lateral unnest(p.days, p.high, p.low, p.volume) as u(d, high, low, volume)
          where p.month >= date_trunc('month', today.day - 365)::date
            and u.d > today.day - 365 and u.d <= today.day
        ), ranges as (
          select b.exchange_ticker, max(b.high) as high, min(b.low) as low,
            avg(b.volume) filter (where b.d > today.day - 91) as avg_volume
          from bars b cross join today
          group by b.exchange_ticker
        ), news_week as (
          select t.symbol, count(*)::int as n, avg(n.sentiment_first) as sentiment
          from news n
          cross join lateral unnest(n.related_exchange_tickers) as t(symbol)
          where n.creation_date >= ${since} and n.creation_date <= ${now}
            and ${readerNewsSql('n')}
          group by t.symbol
        ), figures as (
          select s.exchange_ticker, c.company_name,
            nullif(c.gics_sector, '') as sector, nullif(c.gics_sub_industry, '') as industry,
            s.exchange, coalesce(q.currency, nullif(s.currency, '')) as currency, q.price,
            q.change_pct_1, q.change_pct_8, q.change_pct_31, q.change_pct_365,
            greatest(r.high, q.price) as high_52w, least(r.low, q.price) as low_52w,
            r.avg_volume, f.shares_outstanding, f.dividend_per_share, f.eps_ttm,
            coalesce(w.n, 0) as news_count_7d, w.sentiment as sentiment_7d
          from securities s
          join companies c on c.id = s.company_id
          left join quote_snapshots q on q.exchange_ticker = s.exchange_ticker
          left join ranges r on r.exchange_ticker = s.exchange_ticker
          left join listing_fundamentals f on f.exchange_ticker = s.exchange_ticker
          left join news_week w on w.symbol = s.exchange_ticker
        )
        insert into screener_metrics as m (
          exchange_ticker, company_name, sector, industry, exchange, currency, price, market_cap,
          change_pct_1, change_pct_8, change_pct_31, change_pct_365, high_52w, low_52w,
          from_high_pct, from_low_pct, avg_volume, dividend_yield, pe_ratio, news_count_7d,
          sentiment_7d, computed_at)
        select exchange_ticker, company_name, sector, industry, exchange, currency, price,
          shares_outstanding * price,
          change_pct_1, change_pct_8, change_pct_31, change_pct_365, high_52w, low_52w,
          case when high_52w > 0 then (price - high_52w) / high_52w * 100 end,
          case when low_52w > 0 then (price - low_52w) / low_52w * 100 end,
          avg_volume,
          case when price > 0 then dividend_per_share / price * 100 end,
          case when price > 0 and eps_ttm > 0 then price / eps_ttm end,
          news_count_7d, sentiment_7d, ${now}
        from figures
        on conflict (exchange_ticker) do update set
          company_name = excluded.company_name, sector = excluded.sector,
          industry = excluded.industry, exchange = excluded.exchange,
          currency = excluded.currency, price = excluded.price, market_cap = excluded.market_cap,
          change_pct_1 = excluded.change_pct_1, change_pct_8 = excluded.change_pct_8,
          change_pct_31 = excluded.change_pct_31, change_pct_365 = excluded.change_pct_365,
          high_52w = excluded.high_52w, low_52w = excluded.low_52w,
          from_high_pct = excluded.from_high_pct, from_low_pct = excluded.from_low_pct,
          avg_volume = excluded.avg_volume, dividend_yield = excluded.dividend_yield,
          pe_ratio = excluded.pe_ratio, news_count_7d = excluded.news_count_7d,
          sentiment_7d = excluded.sentiment_7d, computed_at = excluded.computed_at`.execute(trx);
        await sql`select pg_notify(${SCREENER_CHANNEL}, ${METRICS_REFRESHED})`.execute(trx);
        return Number(result.numAffectedRows ?? 0);
      }),

    /** The user's saved screens by name and the subscription facts (undefined: no such user). */
    async screensOf(userId: string) {
      const rows = await prepared(
        db
          .selectFrom('users as u')
          .leftJoin('saved_screens as s', 's.user_id', 'u.id')
          .select([
            'u.subscription',
            'u.subscription_status',
            'u.current_period_end',
            's.id',
            's.name',
            's.query',
            's.created_at',
          ])
          .where('u.id', '=', userId)
          .orderBy('s.name')
          .orderBy('s.id')
          .compile(),
      );
      const first = rows[0];
      if (!first) return undefined;
      const { subscription, subscription_status, current_period_end } = first;
      return {
        facts: { subscription, subscription_status, current_period_end },
        screens: rows.flatMap(({ id, name, query, created_at }) =>
          id !== null && name !== null && query !== null && created_at !== null
            ? [{ id, name, query, created_at }]
            : [],
        ),
      };
    },

    /**
     * Saves a screen unless the user already keeps `limit` or one of that name: the user's row is
     * locked first, so two saves at once cannot both pass the count.
     */
    saveScreen: (
      userId: string,
      screen: { name: string; query: string },
      limit: number,
      now: Date,
    ): Promise<SaveScreenOutcome> =>
      db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        const existing = await trx
          .selectFrom('saved_screens')
          .select('name')
          .where('user_id', '=', userId)
          .execute();
        if (existing.some((row) => row.name === screen.name)) return 'duplicate';
        if (existing.length >= limit) return 'limit';
        await trx
          .insertInto('saved_screens')
          .values({ user_id: userId, name: screen.name, query: screen.query, created_at: now })
          .execute();
        return 'saved';
      }),

    /** Deletes one of the user's screens; false when the user has none of that id. */
    deleteScreen: (userId: string, id: string): Promise<boolean> =>
      deletedAny(db.deleteFrom('saved_screens').where('user_id', '=', userId).where('id', '=', id)),
  };
}

export type ScreenerRepository = ReturnType<typeof createScreenerRepository>;
