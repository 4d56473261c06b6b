import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { QuoteSnapshotTable } from '../../db/schema.ts';
import type { Quote } from '../../providers/market-data/market-data-provider.ts';
import { tickerQuery, type TickerQueryAst } from './ticker-query.ts';

/** Exchange the change fields count calendar days in (daily bars are New York trading days). */
const MARKET_TIME_ZONE = 'America/New_York';

/** A snapshot joined with its company, as the financials of the API need it. */
export type FinancialsRow = Omit<Selectable<QuoteSnapshotTable>, 'close_8' | 'exchange_ticker'> & {
  exchange_ticker: string;
  company_name: string;
  quote_type: string;
};

/** SQL for quote snapshots and their change fields; no decisions. */
export function createQuoteRepository(db: Database) {
  return {
    /** Listings with their latest quote by the query language. */
    query: (ast: TickerQueryAst) =>
      tickerQuery.apply(db.selectFrom('ticker_quotes').selectAll(), ast).execute(),

    /** The listings among `symbols` that exist, in the given order. */
    existing: async (symbols: readonly string[]) => {
      if (symbols.length === 0) return [];
      const rows = await db
        .selectFrom('securities')
        .select('exchange_ticker')
        .where('exchange_ticker', 'in', symbols)
        .execute();
      const found = new Set(rows.map((row) => row.exchange_ticker));
      return symbols.filter((symbol) => found.has(symbol));
    },

    /** Every listing, for the universe refresh. */
    allSymbols: async () =>
      (
        await db
          .selectFrom('securities')
          .select('exchange_ticker')
          .orderBy('exchange_ticker')
          .execute()
      ).map((row) => row.exchange_ticker),

    /** Symbols in anybody's watchlist. */
    watchedSymbols: async () =>
      (
        await sql<{ symbol: string }>`
          select distinct unnest(exchange_tickers) as symbol from watchlists order by 1`.execute(db)
      ).rows.map((row) => row.symbol),

    /** Listings among `symbols` whose daily history is missing or ends before `day`. */
    historyBehind: async (symbols: readonly string[], day: string) => {
      if (symbols.length === 0) return [];
      const rows = await db
        .selectFrom('price_history_status')
        .select('exchange_ticker')
        .where('exchange_ticker', 'in', symbols)
        .where('last_day', '>=', day)
        .execute();
      const loaded = new Set(rows.map((row) => row.exchange_ticker));
      return symbols.filter((symbol) => !loaded.has(symbol));
    },

    /** Listings among `symbols` whose daily history has never been loaded. */
    withoutHistory: async (symbols: readonly string[]) => {
      if (symbols.length === 0) return [];
      const rows = await db
        .selectFrom('price_history_status')
        .select('exchange_ticker')
        .where('exchange_ticker', 'in', symbols)
        .execute();
      const loaded = new Set(rows.map((row) => row.exchange_ticker));
      return symbols.filter((symbol) => !loaded.has(symbol));
    },

    /** Symbols whose snapshot is missing or older than `maxAgeSeconds`. */
    stale: async (symbols: readonly string[], maxAgeSeconds: number, now: Date) => {
      if (symbols.length === 0) return [];
      const rows = await db
        .selectFrom('quote_snapshots')
        .select('exchange_ticker')
        .where('exchange_ticker', 'in', symbols)
        .where('updated_at', '>=', new Date(now.getTime() - maxAgeSeconds * 1000))
        .execute();
      const fresh = new Set(rows.map((row) => row.exchange_ticker));
      return symbols.filter((symbol) => !fresh.has(symbol));
    },

    /**
     * Stores quotes and derives their change fields from the daily bars in the same statement:
     * `close_N` is the last close on or before (quote day − N calendar days), `change_pct_N` the
     * percent change from it to the price; `change_pct_1` is the change against the previous close.
     */
    upsert: async (quotes: readonly Quote[], source: string, now: Date) => {
      if (quotes.length === 0) return;
      const column = <T>(pick: (quote: Quote) => T) => quotes.map(pick);
      await sql`
        with incoming as (
          select * from unnest(
            ${column((q) => q.symbol)}::text[],
            ${column((q) => q.price)}::float8[],
            ${column((q) => q.previous_close)}::float8[],
            ${column((q) => q.open)}::float8[],
            ${column((q) => q.day_low)}::float8[],
            ${column((q) => q.day_high)}::float8[],
            ${column((q) => q.change)}::float8[],
            ${column((q) => q.change_pct)}::float8[],
            ${column((q) => q.currency)}::text[],
            ${column((q) => q.as_of.toISOString())}::timestamptz[]
          ) as q(exchange_ticker, price, previous_close, open, day_low, day_high, change,
                 change_pct, currency, as_of)
          where exists (select 1 from securities s where s.exchange_ticker = q.exchange_ticker)
        ), referenced as (
          select q.*,
            (select close_on_or_before(q.exchange_ticker,
              (q.as_of at time zone ${MARKET_TIME_ZONE})::date - 8)) as close_8,
            (select close_on_or_before(q.exchange_ticker,
              (q.as_of at time zone ${MARKET_TIME_ZONE})::date - 31)) as close_31,
            (select close_on_or_before(q.exchange_ticker,
              (q.as_of at time zone ${MARKET_TIME_ZONE})::date - 365)) as close_365
          from incoming q
        )
        insert into quote_snapshots as s (
          exchange_ticker, price, previous_close, open, day_low, day_high, change, change_pct,
          currency, source, as_of, updated_at, close_8, close_31, close_365,
          change_pct_1, change_pct_8, change_pct_31, change_pct_365)
        select exchange_ticker, price, previous_close, open, day_low, day_high, change, change_pct,
          currency, ${source}, as_of, ${now}, close_8, close_31, close_365,
          case when previous_close > 0 then (price - previous_close) / previous_close * 100 end,
          case when close_8 > 0 then (price - close_8) / close_8 * 100 end,
          case when close_31 > 0 then (price - close_31) / close_31 * 100 end,
          case when close_365 > 0 then (price - close_365) / close_365 * 100 end
        from referenced
        on conflict (exchange_ticker) do update set
          price = excluded.price, previous_close = excluded.previous_close, open = excluded.open,
          day_low = excluded.day_low, day_high = excluded.day_high, change = excluded.change,
          change_pct = excluded.change_pct, currency = excluded.currency, source = excluded.source,
          as_of = excluded.as_of, updated_at = excluded.updated_at, close_8 = excluded.close_8,
          close_31 = excluded.close_31, close_365 = excluded.close_365,
          change_pct_1 = excluded.change_pct_1, change_pct_8 = excluded.change_pct_8,
          change_pct_31 = excluded.change_pct_31, change_pct_365 = excluded.change_pct_365`.execute(
        db,
      );
    },

    /**
     * What a financials read needs in one round trip: every known listing among `symbols`, whether
     * its history is loaded and its snapshot was updated at or after `freshSince`, and the
     * snapshot joined with its company (null columns when it has none).
     */
    financialsState: async (symbols: readonly string[], freshSince: Date) => {
      if (symbols.length === 0) return [];
      const { rows } = await sql<
        Partial<FinancialsRow> & {
          exchange_ticker: string;
          has_history: boolean;
          fresh: boolean;
          has_snapshot: boolean;
        }
      >`
        select s.exchange_ticker, c.company_name, s.quote_type,
          h.exchange_ticker is not null as has_history,
          q.exchange_ticker is not null as has_snapshot,
          coalesce(q.updated_at >= ${freshSince}, false) as fresh,
          q.price, q.previous_close, q.open, q.day_low, q.day_high, q.change, q.change_pct,
          q.currency, q.source, q.as_of, q.updated_at, q.close_31, q.close_365,
          q.change_pct_1, q.change_pct_8, q.change_pct_31, q.change_pct_365
        from securities s
        join companies c on c.id = s.company_id
        left join price_history_status h on h.exchange_ticker = s.exchange_ticker
        left join quote_snapshots q on q.exchange_ticker = s.exchange_ticker
        where s.exchange_ticker = any(${[...symbols]}::text[])`.execute(db);
      return rows;
    },

    /** Snapshots with their company, for the symbols that have one. */
    financials: (symbols: readonly string[]): Promise<FinancialsRow[]> => {
      if (symbols.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('quote_snapshots as q')
        .innerJoin('securities as s', 's.exchange_ticker', 'q.exchange_ticker')
        .innerJoin('companies as c', 'c.id', 's.company_id')
        .select([
          'q.exchange_ticker',
          'c.company_name',
          's.quote_type',
          'q.price',
          'q.previous_close',
          'q.open',
          'q.day_low',
          'q.day_high',
          'q.change',
          'q.change_pct',
          'q.currency',
          'q.source',
          'q.as_of',
          'q.updated_at',
          'q.close_31',
          'q.close_365',
          'q.change_pct_1',
          'q.change_pct_8',
          'q.change_pct_31',
          'q.change_pct_365',
        ])
        .where('q.exchange_ticker', 'in', symbols)
        .execute();
    },

    /** Lowest and highest daily close of the 365 days up to `day` (`YYYY-MM-DD`), per listing. */
    closeRanges: async (symbols: readonly string[], day: string) =>
      symbols.length === 0
        ? []
        : (
            await sql<{ exchange_ticker: string; low: number | null; high: number | null }>`
              select ps.exchange_ticker, min(u.close) as low, max(u.close) as high
              from price_series ps
              cross join lateral unnest(ps.days, ps.close) as u(day, close)
              where ps.exchange_ticker = any(${[...symbols]}::text[])
                and ps.month >= date_trunc('month', ${day}::date - 365)::date
                and u.day > ${day}::date - 365 and u.day <= ${day}::date
              group by ps.exchange_ticker`.execute(db)
          ).rows,
  };
}

export type QuoteRepository = ReturnType<typeof createQuoteRepository>;
