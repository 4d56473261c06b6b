import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ScreenerRow } from '@app/shared/api/screener';
import { ROW_COLUMNS, type ScreenerMetricsRow } from './screener.repository.ts';

/** The text columns the in-memory screen sorts by their rank in the database's collation. */
const RANKED = ['exchange_ticker', 'company_name', 'sector', 'industry', 'exchange'] as const;
/** Printable ASCII, and how lower() folds it in a locale that changes only A–Z. */
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const ASCII_FOLDED = ASCII.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Listings read per statement. */
const DUMP_SLICE = 5_000;

/** Every listing's metrics with what the in-memory screen needs to agree with PostgreSQL. */
export type ScreenerMetricsDump = {
  /** Each listing as a page lists it (without `computed_at`, which is in `computedAt`). */
  rows: ScreenerRow[];
  /** When each listing's figures were computed, in epoch seconds. */
  computedAt: Float64Array;
  /** Per text column, each row's rank in ORDER BY of that column (equal text, equal rank). */
  ranks: Record<(typeof RANKED)[number], Int32Array>;
  /** lower() of the columns matched by ILIKE, as PostgreSQL folds them. */
  lower: { exchange_ticker: string[]; company_name: string[] };
  /** Whether lower() folds A–Z to a–z and nothing else of ASCII (so ASCII patterns fold in JS). */
  asciiFold: boolean;
};

/** SQL of the screener's in-memory snapshot. */
export function createScreenerSnapshotRepository(db: Database) {
  return {
    /**
     * Every listing's metrics, with each text column's rank in the database's own collation and
     * the lower() of the ILIKE columns, so that a screen evaluated in memory sorts and matches
     * exactly as the same screen in SQL.
     */
    dump: (): Promise<ScreenerMetricsDump> =>
      // One snapshot of the table for the rows and the orders of their text values.
      db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          // By the tiebreaker, so a row's position is its rank in that column; in slices, so
          // that no statement nears the statement timeout at a realistic number of listings.
          const raw: (ScreenerMetricsRow & {
            l_exchange_ticker: string;
            l_company_name: string;
          })[] = [];
          for (;;) {
            const after = raw.at(-1)?.exchange_ticker;
            const slice = await trx
              .selectFrom('screener_metrics')
              .select(ROW_COLUMNS)
              .select([
                sql<string>`lower(exchange_ticker)`.as('l_exchange_ticker'),
                sql<string>`lower(company_name)`.as('l_company_name'),
              ])
              .$if(after !== undefined, (qb) => qb.where('exchange_ticker', '>', after ?? ''))
              .orderBy('exchange_ticker')
              .limit(DUMP_SLICE)
              .execute();
            raw.push(...slice);
            if (slice.length < DUMP_SLICE) break;
          }
          const ordered: Partial<Record<(typeof RANKED)[number], Map<string, number>>> = {};
          for (const column of RANKED.filter((name) => name !== 'exchange_ticker')) {
            const { rows } = await sql<{ value: string }>`
              select distinct ${sql.ref(column)} as value from screener_metrics
              where ${sql.ref(column)} is not null order by 1`.execute(trx);
            ordered[column] = new Map(rows.map((row, i) => [row.value, i]));
          }
          const fold = await sql<{
            ascii: boolean;
          }>`select lower(${ASCII}::text) = ${ASCII_FOLDED}::text as ascii`.execute(trx);
          const ranks = Object.fromEntries(
            RANKED.map((column) => [column, new Int32Array(raw.length)]),
          ) as ScreenerMetricsDump['ranks'];
          const lower: ScreenerMetricsDump['lower'] = { exchange_ticker: [], company_name: [] };
          const computedAt = new Float64Array(raw.length);
          const rows = raw.map((row, i) => {
            const { l_exchange_ticker, l_company_name, computed_at, ...metrics } = row;
            computedAt[i] = Math.floor(computed_at.getTime() / 1000);
            ranks.exchange_ticker[i] = i;
            for (const column of ['company_name', 'sector', 'industry', 'exchange'] as const) {
              const value = metrics[column];
              // A null's rank is never read: unknown values sort by their own rule.
              ranks[column][i] = value === null ? -1 : (ordered[column]?.get(value) ?? -1);
            }
            lower.exchange_ticker.push(l_exchange_ticker);
            lower.company_name.push(l_company_name);
            return metrics;
          });
          return { rows, computedAt, ranks, lower, asciiFold: fold.rows[0]?.ascii === true };
        }),
  };
}
