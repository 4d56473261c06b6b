import { sql, type Kysely } from 'kysely';

/** Screener columns that may be filtered or sorted, each with an index ending in the tiebreaker. */
const INDEXED = [
  'company_name',
  'sector',
  'industry',
  'exchange',
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
  'news_count_7d',
  'sentiment_7d',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // What the market-data provider knows of a listing beyond its prices (null: it does not say).
  await sql`
    create table listing_fundamentals (
      exchange_ticker text primary key references securities (exchange_ticker) on delete cascade,
      shares_outstanding double precision,
      dividend_per_share double precision,
      eps_ttm double precision,
      source text not null,
      updated_at timestamptz not null
    )`.execute(db);

  // Per-listing figures of the screener, computed by a job from quotes, a year of daily bars,
  // the fundamentals and the last 7 days of news, so a request never reads the history.
  await sql`
    create table screener_metrics (
      exchange_ticker text primary key references securities (exchange_ticker) on delete cascade,
      company_name text not null,
      sector text,
      industry text,
      exchange text not null,
      currency text,
      price double precision,
      market_cap double precision,
      change_pct_1 double precision,
      change_pct_8 double precision,
      change_pct_31 double precision,
      change_pct_365 double precision,
      high_52w double precision,
      low_52w double precision,
      from_high_pct double precision,
      from_low_pct double precision,
      avg_volume double precision,
      dividend_yield double precision,
      pe_ratio double precision,
      news_count_7d integer not null default 0,
      sentiment_7d double precision,
      computed_at timestamptz not null
    )`.execute(db);
  for (const column of INDEXED) {
    await sql`create index ${sql.id(`screener_metrics_${column}`)}
      on screener_metrics (${sql.id(column)}, exchange_ticker)`.execute(db);
  }

  await sql`
    create table saved_screens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      name text not null,
      query text not null,
      created_at timestamptz not null,
      constraint saved_screens_user_name unique (user_id, name)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table saved_screens`.execute(db);
  await sql`drop table screener_metrics`.execute(db);
  await sql`drop table listing_fundamentals`.execute(db);
}
