import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { ROW_COLUMNS, type ScreenerMetricsRow } from './screener.repository.ts';

/** The text columns the in-memory screen sorts by their rank in the database's collation. */
const RANKED = ['exchange_ticker', 'company_name', 'sector', 'industry', 'exchange'] as const;
/** Printable ASCII, and how lower() folds it in a locale that changes only A–Z. */
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const ASCII_FOLDED = ASCII.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Every listing's metrics with what the in-memory screen needs to agree with PostgreSQL. */
export type ScreenerMetricsDump = {
  rows: ScreenerMetricsRow[];
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
    async dump(): Promise<ScreenerMetricsDump> {
      const raw = await db
        .selectFrom('screener_metrics')
        .select(ROW_COLUMNS)
        .select([
          sql<number>`(dense_rank() over (order by exchange_ticker))::int`.as('r_exchange_ticker'),
          sql<number>`(dense_rank() over (order by company_name))::int`.as('r_company_name'),
          sql<number>`(dense_rank() over (order by sector))::int`.as('r_sector'),
          sql<number>`(dense_rank() over (order by industry))::int`.as('r_industry'),
          sql<number>`(dense_rank() over (order by exchange))::int`.as('r_exchange'),
          sql<string>`lower(exchange_ticker)`.as('l_exchange_ticker'),
          sql<string>`lower(company_name)`.as('l_company_name'),
        ])
        .execute();
      const fold = await sql<{
        ascii: boolean;
      }>`select lower(${ASCII}::text) = ${ASCII_FOLDED}::text as ascii`.execute(db);
      const ranks = Object.fromEntries(
        RANKED.map((column) => [column, new Int32Array(raw.length)]),
      ) as ScreenerMetricsDump['ranks'];
      const lower: ScreenerMetricsDump['lower'] = { exchange_ticker: [], company_name: [] };
      const rows = raw.map((row, i) => {
        const { r_exchange_ticker, r_company_name, r_sector, r_industry, r_exchange, ...rest } =
          row;
        const { l_exchange_ticker, l_company_name, ...metrics } = rest;
        ranks.exchange_ticker[i] = r_exchange_ticker;
        ranks.company_name[i] = r_company_name;
        ranks.sector[i] = r_sector;
        ranks.industry[i] = r_industry;
        ranks.exchange[i] = r_exchange;
        lower.exchange_ticker.push(l_exchange_ticker);
        lower.company_name.push(l_company_name);
        return metrics;
      });
      return { rows, ranks, lower, asciiFold: fold.rows[0]?.ascii === true };
    },
  };
}
