import { sql, type Kysely } from 'kysely';

/**
 * News sources managed in the product, and what an article's date is worth.
 *
 * - `news.date_estimated`: the feed gave no usable date (missing, unreadable, or more than a day
 *   in the future), so `creation_date` is the moment the item was first seen. Shown as "first
 *   seen" and never treated as news (no instant alert, no live push).
 * - `news.back_catalogue`: the item came with the first read of its feed: dated right, but not
 *   news either. Both flags keep an article out of the instant alerts.
 * - `news_sources`: the RSS/Atom feeds the worker polls (NEWS_SOURCES seeds it; admins add,
 *   pause and remove), with what the polite fetcher keeps per feed (validators, back-off, health).
 *   `name` is what the feed's articles store as `source`; it stays when a permanent redirect
 *   changes `url`.
 * - `news (source, created_at)`: the admin list's items-in-the-last-day-and-week counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news add column date_estimated boolean not null default false`.execute(db);
  await sql`alter table news add column back_catalogue boolean not null default false`.execute(db);
  await sql`create index news_source_created_at on news (source, created_at)`.execute(db);
  // The stored API JSON gains `date_estimated` (the same function, one field more).
  await apiJsonFunction(db, true);
  await sql`update news set api_json = api_json`.execute(db);

  await sql`create table news_sources (
      id uuid primary key default gen_random_uuid(),
      name text not null unique,
      url text not null unique,
      title text not null default '',
      origin text not null check (origin in ('env', 'default', 'admin')),
      state text not null default 'active' check (state in ('active', 'paused', 'removed')),
      interval_seconds integer not null default 300 check (interval_seconds between 60 and 86400),
      etag text,
      last_modified text,
      last_fetch_at timestamptz,
      last_success_at timestamptz,
      last_http_status integer,
      last_error text,
      served_with_errors boolean not null default false,
      failures integer not null default 0,
      failing_since timestamptz,
      disabled boolean not null default false,
      next_fetch_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index news_sources_due on news_sources (next_fetch_at)
    where state = 'active' and not disabled`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table news_sources`.execute(db);
  await sql`drop index news_source_created_at`.execute(db);
  await apiJsonFunction(db, false);
  await sql`alter table news drop column back_catalogue`.execute(db);
  await sql`alter table news drop column date_estimated`.execute(db);
  await sql`update news set api_json = api_json`.execute(db);
}

/** The stored article JSON's function (migration 2026-11-28T1500), with or without the flag. */
async function apiJsonFunction(db: Kysely<unknown>, withDateEstimated: boolean): Promise<void> {
  await sql`create or replace function news_api_json_of(n news) returns text
    language sql stable parallel safe
    as $$
      select json_build_object(
        'id', n.id,
        'title', n.title,
        'source_title', n.source_title,
        'no_bullshit', n.no_bullshit,
        'link', n.link,
        'publisher', n.publisher,
        'creation_date', floor(extract(epoch from n.creation_date))::bigint,
        ${sql.raw(withDateEstimated ? "'date_estimated', n.date_estimated," : '')}
        'summary', n.summary,
        'ai_summary', n.ai_summary,
        'articles', n.articles,
        'sentiment_score', n.sentiment_score,
        'interest_score', n.interest_score,
        'related_exchange_tickers', n.related_exchange_tickers,
        'NER', n."NER",
        'named_exchange_tickers', (
          select coalesce(json_object_agg(ticker, name), '{}'::json)
          from (
            select distinct on (ticker) ticker, entity.value ->> 'name' as name
            from jsonb_array_elements(case when jsonb_typeof(n."NER") = 'array'
                   then n."NER" else '[]'::jsonb end) with ordinality as entity(value, position),
                 jsonb_array_elements_text(case when jsonb_typeof(entity.value -> 'tickers') = 'array'
                   then entity.value -> 'tickers' else '[]'::jsonb end) as ticker
            order by ticker, entity.position
          ) as first_names
        ),
        'is_blocked', n.is_blocked,
        'experiment', n.experiment,
        'AI', n."AI",
        'story_id', n.story_id
      )::text
    $$`.execute(db);
}
