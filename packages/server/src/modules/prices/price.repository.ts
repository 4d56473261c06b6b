import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { poolOf, type Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { DailyBar } from '../../providers/market-data/market-data-provider.ts';

const BATCH = 10_000;

/** One `insert … select from unnest(…)` of up to BATCH bars of one symbol. */
async function insertBars(db: Kysely<DB>, symbol: string, bars: readonly DailyBar[]) {
  const column = <T>(pick: (bar: DailyBar) => T) => bars.map(pick);
  await sql`
    insert into price_bars (exchange_ticker, day, open, high, low, close, volume)
    select ${symbol}, day, open, high, low, close, volume
    from unnest(
      ${column((bar) => bar.date)}::date[],
      ${column((bar) => bar.open)}::numeric[],
      ${column((bar) => bar.high)}::numeric[],
      ${column((bar) => bar.low)}::numeric[],
      ${column((bar) => bar.close)}::numeric[],
      ${column((bar) => bar.volume)}::bigint[]
    ) as bar(day, open, high, low, close, volume)
    on conflict do nothing`.execute(db);
}

const UNIQUE_VIOLATION = '23505';

/** Rows of COPY's text format; bars hold only dates and finite numbers, nothing to escape. */
function* copyRows(symbol: string, bars: readonly DailyBar[]) {
  for (let start = 0; start < bars.length; start += BATCH) {
    let chunk = '';
    for (const bar of bars.slice(start, start + BATCH)) {
      chunk += `${symbol}\t${bar.date}\t${bar.open}\t${bar.high}\t${bar.low}\t${bar.close}\t${bar.volume}\n`;
    }
    yield chunk;
  }
}

/** The loaded-range upsert, as plain SQL for the COPY path's own client. */
const STATUS_UPSERT = `
  insert into price_history_status as s (exchange_ticker, first_day, last_day)
  values ($1, $2, $3)
  on conflict (exchange_ticker) do update set
    first_day = least(s.first_day, excluded.first_day),
    last_day = greatest(s.last_day, excluded.last_day),
    updated_at = now()`;

/**
 * The fast path: COPY the bars and record the range in one transaction on a pool client. Returns
 * false (having changed nothing) when some day is already stored, e.g. a concurrent backfill of
 * the same symbol, so the caller can take the conflict-tolerant path.
 */
async function copyBars(
  pool: pg.Pool,
  symbol: string,
  bars: readonly DailyBar[],
  range: { first: string; last: string },
): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    if (bars.length > 0) {
      const copy = client.query(
        copyFrom(
          'copy price_bars (exchange_ticker, day, open, high, low, close, volume) from stdin',
        ),
      );
      await pipeline(Readable.from(copyRows(symbol, bars)), copy);
    }
    await client.query(STATUS_UPSERT, [symbol, range.first, range.last]);
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback');
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
    throw error;
  } finally {
    client.release();
  }
}

/** SQL for daily bars and the record of which history is loaded; no decisions. */
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
     * Stores bars and widens the loaded range, in one transaction: COPY when the days are new
     * (the bulk path measured by `npm run bench -- market`), otherwise `insert … select from
     * unnest(…)` batches that keep the days already stored.
     */
    storeBars: async (
      symbol: string,
      bars: readonly DailyBar[],
      range: { first: string; last: string },
    ) => {
      const pool = poolOf(db);
      if (pool && (await copyBars(pool, symbol, bars, range))) return;
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < bars.length; start += BATCH) {
          await insertBars(trx, symbol, bars.slice(start, start + BATCH));
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

    bars: (symbol: string, from: string, to: string) =>
      db
        .selectFrom('price_bars')
        .select(['day', 'open', 'high', 'low', 'close', 'volume'])
        .where('exchange_ticker', '=', symbol)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .execute(),
  };
}

export type PriceRepository = ReturnType<typeof createPriceRepository>;
