import { sql } from 'kysely';
import { dailyReturns } from '../../db/daily-returns.ts';
import type { Database } from '../../db/database.ts';
import type { ListingRow } from './portfolio.repository.ts';

/**
 * SQL for what a portfolio's performance reads besides its ledger: its listings' quotes and
 * history stamps, their stored closes and the benchmark universe's daily returns; no decisions.
 */
export function createPortfolioPricesRepository(db: Database) {
  return {
    /**
     * In one round trip, what a snapshot reads on every call: the listings of `symbols`
     * (`EXCHANGE:TICKER`) with their company, latest quote, history stamp (as `historyStamps`)
     * and last checked day, and the stored history's fingerprint (as `historyFingerprint`).
     */
    snapshotInputs: async (symbols: readonly string[]) => {
      type Row = Omit<ListingRow, 'exchange_ticker'> & {
        exchange_ticker: string | null;
        stamp: string | null;
        last_day: string | null;
        n: number;
        last: Date | null;
      };
      const rows = await sql<Row>`
        select f.n, f.last, l.*
        from (select count(*)::int as n, max(updated_at) as last from price_history_status) f
        left join (
          select s.exchange_ticker, s.ticker, s.currency, c.company_name, c.gics_sector,
            c.gics_sub_industry, q.price, q.previous_close, q.as_of, q.source,
            h.updated_at::text || h.last_day::text as stamp, h.last_day::text as last_day
          from securities s
          join companies c on c.id = s.company_id
          left join quote_snapshots q on q.exchange_ticker = s.exchange_ticker
          left join price_history_status h on h.exchange_ticker = s.exchange_ticker
          where s.exchange_ticker = any(${[...symbols]}::text[])
        ) l on true
        order by l.exchange_ticker`.execute(db);
      const first = rows.rows[0];
      const listings: (ListingRow & { stamp: string | null; last_day: string | null })[] = [];
      const stamps = new Map<string, string>();
      for (const { n: _n, last: _last, ...row } of rows.rows) {
        const symbol = row.exchange_ticker;
        if (symbol === null) continue;
        listings.push({ ...row, exchange_ticker: symbol });
        if (row.stamp !== null) stamps.set(symbol, row.stamp);
      }
      return {
        listings,
        stamps,
        fingerprint: { listings: first?.n ?? 0, last: first?.last?.toISOString() ?? '' },
      };
    },

    /** When each listing's stored history last changed (the closes cache's key). */
    historyStamps: async (symbols: readonly string[]) =>
      symbols.length === 0
        ? new Map<string, string>()
        : new Map(
            (
              await sql<{ exchange_ticker: string; stamp: string }>`
                select exchange_ticker, updated_at::text || last_day::text as stamp
                from price_history_status
                where exchange_ticker = any(${[...symbols]}::text[])`.execute(db)
            ).rows.map((row) => [row.exchange_ticker, row.stamp]),
          ),

    /**
     * Every stored close of `symbols`, oldest first, per listing. Days and closes come as one
     * comma-separated text each: splitting a string is far cheaper than the driver's array parser.
     */
    closes: async (symbols: readonly string[]) => {
      const result = new Map<string, { days: string[]; closes: number[] }>();
      if (symbols.length === 0) return result;
      const rows = await sql<{ exchange_ticker: string; days: string; closes: string }>`
        select exchange_ticker,
          string_agg(array_to_string(days, ','), ',' order by month) as days,
          string_agg(array_to_string(close, ','), ',' order by month) as closes
        from price_series
        where exchange_ticker = any(${[...symbols]}::text[]) and cardinality(days) > 0
        group by exchange_ticker`.execute(db);
      for (const row of rows.rows) {
        result.set(row.exchange_ticker, {
          days: row.days.split(','),
          closes: row.closes.split(',').map(Number),
        });
      }
      return result;
    },

    /** Changes whenever stored history changes: the number of listings loaded and the last load. */
    historyFingerprint: async () => {
      const row = await sql<{ n: number; last: Date | null }>`
        select count(*)::int as n, max(updated_at) as last from price_history_status`.execute(db);
      const first = row.rows[0];
      return { listings: first?.n ?? 0, last: first?.last?.toISOString() ?? '' };
    },

    /** Every listing with stored bars (the equal-weighted universe's members). */
    universeListings: async () =>
      (
        await sql<{ exchange_ticker: string }>`
          select distinct exchange_ticker from price_series order by exchange_ticker`.execute(db)
      ).rows.map((row) => row.exchange_ticker),

    /**
     * For the listings `symbols`, each day's sum and count of close-to-close returns: the
     * universe is read in batches of listings (each statement well under the statement timeout
     * on ten years of bars of hundreds of listings) and the means taken by the caller.
     */
    universeDailyReturnSums: async (symbols: readonly string[]) =>
      (
        await sql<{ day: string; sum: number; n: number }>`
          select day::text as day, sum(r)::float8 as sum, count(r)::int as n
          from (${dailyReturns(sql`p.exchange_ticker = any(${[...symbols]}::text[])`)}) x
          where r is not null
          group by day`.execute(db)
      ).rows,
  };
}
