import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams';
import { poolOf, type Database } from '../../db/database.ts';
import type { PriceSeriesTable } from '../../db/schema.ts';
import type { DailyBar } from '../../providers/market-data/market-data-provider.ts';
import { encodeMonthsBinary, type MonthSeries } from './price-copy.ts';

const UNIQUE_VIOLATION = '23505';

/** Groups bars by calendar month (`YYYY-MM-01`), each month ordered by day, one bar a day. */
export function groupByMonth(bars: readonly DailyBar[]): MonthSeries[] {
  const months = new Map<string, Map<string, DailyBar>>();
  for (const bar of bars) {
    const month = `${bar.date.slice(0, 7)}-01`;
    let days = months.get(month);
    if (!days) months.set(month, (days = new Map<string, DailyBar>()));
    if (!days.has(bar.date)) days.set(bar.date, bar);
  }
  return [...months]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([month, days]) => ({
      month,
      bars: [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1)),
    }));
}

/** The loaded-range upsert, as plain SQL for the COPY path's own client. */
const STATUS_UPSERT = `
  insert into price_history_status as s (exchange_ticker, first_day, last_day)
  values ($1, $2, $3)
  on conflict (exchange_ticker) do update set
    first_day = least(s.first_day, excluded.first_day),
    last_day = greatest(s.last_day, excluded.last_day),
    updated_at = now()`;

/** The parts of pg-copy-streams' CopyStreamQuery (7.x) its types leave out. */
type CopyStreamInternals = {
  connection: unknown;
  handleCopyInResponse: (connection: unknown) => void;
};

/**
 * pg's query_timeout makes pg-copy-streams drop the stream's connection (handleError) while the
 * COPY is still the client's active query. When the server's CopyInResponse comes after that (the
 * COPY waited on a lock or a busy server), the destroyed stream answered it with a CopyFail
 * through the dropped connection: a TypeError thrown from the socket's data callback, which ended
 * the process. Given back the connection pg hands over with the response, the stream sends its
 * CopyFail, the server aborts the COPY, and the queued rollback runs on a consistent connection.
 */
function keepConnectionForLateResponse(copy: CopyStreamQuery): CopyStreamQuery {
  const internals = copy as unknown as CopyStreamInternals;
  const handle = internals.handleCopyInResponse.bind(copy);
  internals.handleCopyInResponse = (connection) => {
    internals.connection ??= connection;
    handle(connection);
  };
  return copy;
}

/**
 * The fast path: COPY the months and record the range in one transaction on a pool client.
 * Returns false (having changed nothing) when one of the months is already stored, so the caller
 * can merge instead.
 */
async function copyMonths(
  pool: pg.Pool,
  symbol: string,
  months: readonly MonthSeries[],
  range: { first: string; last: string },
): Promise<boolean> {
  // Encoded (and validated) before COPY starts: a bad bar must not leave a COPY half-sent.
  const data = months.length > 0 ? encodeMonthsBinary(symbol, months) : null;
  const client = await pool.connect();
  // A connection that cannot roll back (its socket closed, or a timed-out rollback) is discarded
  // by the pool instead of being handed out again.
  let broken: Error | undefined;
  try {
    await client.query('begin');
    if (data) {
      const copy = client.query(
        keepConnectionForLateResponse(
          copyFrom(
            'copy price_series (exchange_ticker, month, days, open, high, low, close, volume) from stdin (format binary)',
          ),
        ),
      );
      await pipeline(Readable.from([data]), copy);
    }
    await client.query(STATUS_UPSERT, [symbol, range.first, range.last]);
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** A stored month as read for merging (days as text, so no time zone can shift them). */
type StoredMonth = Omit<PriceSeriesTable, 'exchange_ticker'>;

/** Bars of a month row, for merging. */
function barsOf(row: StoredMonth): DailyBar[] {
  return row.days.map((day, i) => ({
    date: day,
    open: row.open[i] ?? 0,
    high: row.high[i] ?? 0,
    low: row.low[i] ?? 0,
    close: row.close[i] ?? 0,
    volume: row.volume[i] ?? 0,
  }));
}

/** SQL for daily bars (packed by month in price_series) and the record of what is loaded. */
export function createPriceRepository(db: Database) {
  return {
    securityExists: async (symbol: string) =>
      (await db
        .selectFrom('securities')
        .select('exchange_ticker')
        .where('exchange_ticker', '=', symbol)
        .executeTakeFirst()) !== undefined,

    status: (symbol: string) =>
      db
        .selectFrom('price_history_status')
        .selectAll()
        .where('exchange_ticker', '=', symbol)
        .executeTakeFirst(),

    /**
     * Stores bars and widens the loaded range, in one transaction: new months by COPY (the bulk
     * path measured by `npm run bench -- market`); when a month is already stored (a concurrent
     * backfill, or today's bar joining its month) the months are merged under a row lock, days
     * already stored winning.
     */
    storeBars: async (
      symbol: string,
      bars: readonly DailyBar[],
      range: { first: string; last: string },
    ) => {
      const months = groupByMonth(bars);
      const pool = poolOf(db);
      if (pool && (await copyMonths(pool, symbol, months, range))) return;
      await db.transaction().execute(async (trx) => {
        if (months.length > 0) {
          const stored = await sql<StoredMonth>`
            select month, days::text[] as days, open, high, low, close, volume::float8[] as volume
            from price_series
            where exchange_ticker = ${symbol} and month = any(${months.map((m) => m.month)}::date[])
            for update`.execute(trx);
          const existing = new Map(stored.rows.map((row) => [row.month, barsOf(row)]));
          const merged = months.map(
            ({ month, bars: incoming }) =>
              // Days already stored come first, so groupByMonth keeps them.
              groupByMonth([...(existing.get(month) ?? []), ...incoming])[0] ?? { month, bars: [] },
          );
          await trx
            .insertInto('price_series')
            .values(
              merged.map(({ month, bars: monthBars }) => ({
                exchange_ticker: symbol,
                month,
                days: monthBars.map((b) => b.date),
                open: monthBars.map((b) => b.open),
                high: monthBars.map((b) => b.high),
                low: monthBars.map((b) => b.low),
                close: monthBars.map((b) => b.close),
                volume: monthBars.map((b) => b.volume),
              })),
            )
            .onConflict((oc) =>
              oc.columns(['exchange_ticker', 'month']).doUpdateSet((eb) => ({
                days: eb.ref('excluded.days'),
                open: eb.ref('excluded.open'),
                high: eb.ref('excluded.high'),
                low: eb.ref('excluded.low'),
                close: eb.ref('excluded.close'),
                volume: eb.ref('excluded.volume'),
              })),
            )
            .execute();
        }
        await trx
          .insertInto('price_history_status')
          .values({ exchange_ticker: symbol, first_day: range.first, last_day: range.last })
          .onConflict((oc) =>
            oc.column('exchange_ticker').doUpdateSet({
              first_day: sql`least(price_history_status.first_day, excluded.first_day)`,
              last_day: sql`greatest(price_history_status.last_day, excluded.last_day)`,
              updated_at: sql`now()`,
            }),
          )
          .execute();
      });
    },

    /** Daily bars with `from <= day <= to`, oldest first. */
    bars: async (symbol: string, from: string, to: string) =>
      (
        await sql<{
          day: string;
          open: number;
          high: number;
          low: number;
          close: number;
          volume: number;
        }>`
          select u.day, u.open, u.high, u.low, u.close, u.volume
          from price_series p
          cross join lateral unnest(p.days, p.open, p.high, p.low, p.close, p.volume)
            as u(day, open, high, low, close, volume)
          where p.exchange_ticker = ${symbol}
            and p.month between date_trunc('month', ${from}::date)::date and ${to}::date
            and u.day between ${from}::date and ${to}::date
          order by u.day`.execute(db)
      ).rows,
  };
}

export type PriceRepository = ReturnType<typeof createPriceRepository>;
