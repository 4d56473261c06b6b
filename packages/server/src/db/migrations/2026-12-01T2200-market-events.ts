import { sql, type Kysely } from 'kysely';

/**
 * The market calendar.
 *
 * - `market_events`: earnings, dividends and splits of listings, written by the daily refresh
 *   from the market-data source (never fetched per request). One row per listing, kind and day
 *   (`date`: the report day, a dividend's ex-date, a split's effective day); every figure the
 *   source does not give stays null. Indexed by (kind, date) for the week views and by
 *   (symbol, date) for a company's own events.
 * - `calendar_feeds`: a user's private iCalendar link; only the token's SHA-256 is kept, one
 *   link per user (creating a new one replaces it, deleting the row revokes it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table market_events (
      symbol text not null,
      kind text not null check (kind in ('earnings', 'dividend', 'split')),
      date date not null,
      timing text not null default 'unknown'
        check (timing in ('before-open', 'after-close', 'unknown')),
      fiscal_quarter text,
      eps_estimate numeric,
      eps_reported numeric,
      revenue_estimate numeric,
      revenue_reported numeric,
      declared_date date,
      ex_date date,
      record_date date,
      pay_date date,
      amount numeric,
      split_ratio text,
      source text not null,
      updated_at timestamptz not null default now(),
      primary key (symbol, kind, date)
    )`.execute(db);
  await sql`create index market_events_kind_date on market_events (kind, date)`.execute(db);
  await sql`create index market_events_symbol_date on market_events (symbol, date)`.execute(db);

  await sql`create table calendar_feeds (
      user_id uuid primary key references users (id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table calendar_feeds`.execute(db);
  await sql`drop table market_events`.execute(db);
}
