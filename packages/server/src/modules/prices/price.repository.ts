import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DailyBar } from '../../providers/market-data/market-data-provider.ts';

const BATCH = 1000;

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

    /** Stores bars (multi-row inserts, idempotent) and widens the loaded range, in one transaction. */
    storeBars: (
      symbol: string,
      bars: readonly DailyBar[],
      range: { first: string; last: string },
    ) =>
      db.transaction().execute(async (trx) => {
        for (let start = 0; start < bars.length; start += BATCH) {
          const rows = bars.slice(start, start + BATCH).map((bar) => ({
            exchange_ticker: symbol,
            day: bar.date,
            open: bar.open,
            high: bar.high,
            low: bar.low,
            close: bar.close,
            volume: bar.volume,
          }));
          await trx
            .insertInto('price_bars')
            .values(rows)
            .onConflict((oc) => oc.doNothing())
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
