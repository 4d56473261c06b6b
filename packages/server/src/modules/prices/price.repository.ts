import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
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
     * Stores bars and widens the loaded range, in one transaction. Each batch is one statement
     * over `unnest` of seven column arrays (seven bound parameters however many rows), which is
     * the bulk-ingest path measured by `npm run bench -- market`; existing days are kept.
     */
    storeBars: (
      symbol: string,
      bars: readonly DailyBar[],
      range: { first: string; last: string },
    ) =>
      db.transaction().execute(async (trx) => {
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
      }),

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
