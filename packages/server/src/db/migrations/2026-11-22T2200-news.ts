import { sql, type Kysely } from 'kysely';

/**
 * News articles (§3 News article). Ingestion is idempotent on `link` and on `guid`; `AI` is
 * filled by the analyst later. `search_vector` is generated from title (A), description (B) and
 * the full text (C); the article list goes through an immutable wrapper because
 * `array_to_string` is only stable, and generated columns need immutable expressions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function news_articles_text(articles text[]) returns text
    language sql immutable parallel safe
    as $$ select coalesce(array_to_string(articles, ' '), '') $$`.execute(db);

  await sql`
    create table news (
      id uuid primary key default gen_random_uuid(),
      link text not null unique,
      guid text not null unique,
      title text not null,
      source_title text not null default '',
      description text not null default '',
      summary text,
      ai_summary text,
      no_bullshit text,
      publisher text not null default '',
      creation_date timestamptz not null,
      articles text[] not null default '{}',
      sentiment_score double precision[] not null default '{}',
      interest_score double precision,
      "AI" jsonb,
      related_exchange_tickers text[] not null default '{}',
      "NER" jsonb not null default '[]',
      named_exchange_tickers text[] not null default '{}',
      no_comments boolean not null default false,
      is_blocked boolean not null default false,
      experiment text,
      status text not null default 'WAITING_INDEX'
        check (status in ('WAITING_INDEX', 'PROCESSED', 'FAILED')),
      status_reason text,
      source text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      search_vector tsvector generated always as (
        setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') ||
        setweight(to_tsvector('english'::regconfig, news_articles_text(articles)), 'C')
      ) stored
    )`.execute(db);

  await sql`create index news_creation_date on news (creation_date desc, id desc)`.execute(db);
  // The public feeds never show blocked articles: their pages read this smaller index.
  await sql`create index news_visible_creation_date on news (creation_date desc, id desc)
    where not is_blocked`.execute(db);
  await sql`create index news_related_tickers on news using gin (related_exchange_tickers)
    with (fastupdate = off)`.execute(db);
  await sql`create index news_search on news using gin (search_vector)`.execute(db);
  // The analyst's queue: articles still waiting for enrichment, oldest first.
  await sql`create index news_waiting on news (creation_date) where status = 'WAITING_INDEX'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table news`.execute(db);
  await sql`drop function news_articles_text(text[])`.execute(db);
}
