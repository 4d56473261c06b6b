import { sql, type Kysely } from 'kysely';

/**
 * Screener columns that may be unknown: the query language sorts unknown figures last in either
 * direction, so a descending sort is `col desc nulls last, exchange_ticker desc`, which the
 * ascending indexes cannot give (read backwards they put nulls first): without these, a
 * descending screen sorted every matching row for its first page.
 */
const NULLABLE = [
  'sector',
  'industry',
  'price',
  'market_cap',
  'change_pct_1',
  'change_pct_8',
  'change_pct_31',
  'change_pct_365',
  'from_high_pct',
  'from_low_pct',
  'avg_volume',
  'dividend_yield',
  'pe_ratio',
  'sentiment_7d',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of NULLABLE) {
    await sql`create index ${sql.id(`screener_metrics_${column}_desc`)}
      on screener_metrics (${sql.id(column)} desc nulls last, exchange_ticker desc)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of NULLABLE) {
    await sql`drop index ${sql.id(`screener_metrics_${column}_desc`)}`.execute(db);
  }
}
