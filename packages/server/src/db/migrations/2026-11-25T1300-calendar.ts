import { sql, type Kysely } from 'kysely';

/**
 * The dashboard: a user's own calendar events, their choice of dashboard widgets, and
 * the index the recommendations read the recent processed news through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table calendar_events (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      title text not null check (length(title) between 1 and 200),
      date date not null,
      note text not null default '',
      symbol text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  // One user's events of a date range (the calendar's only read).
  await sql`create index calendar_events_user_date on calendar_events (user_id, date)`.execute(db);

  // The widgets a user chose, in order, with their visibility; no row: every widget, default order.
  await sql`
    create table user_widgets (
      user_id uuid primary key references users (id) on delete cascade,
      widgets jsonb not null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  // Recommendations: the processed, visible articles of the last two weeks with what the ranking
  // reads, answered from the index alone (no heap visit per article).
  await sql`create index news_processed_recent on news (creation_date)
    include (sentiment_first, interest_score, related_exchange_tickers)
    where status = 'PROCESSED' and not is_blocked`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index news_processed_recent`.execute(db);
  await sql`drop table user_widgets`.execute(db);
  await sql`drop table calendar_events`.execute(db);
}
