import { sql, type Kysely } from 'kysely';

/**
 * The news read paths at a million articles (bench/news):
 *
 * - `api_json`: each article's JSON as the API shows it, built once when the article is written
 *   instead of on every read. Building the 20 articles of a feed page (`json_build_object` over
 *   18 columns, the NER → named_exchange_tickers derivation) was 0.29 ms of a 0.34 ms page in
 *   PostgreSQL. A BEFORE INSERT OR UPDATE trigger keeps it: every writer (ingest, the analyst,
 *   hiding, stories, SQL loads) goes through it, so a re-analysed or hidden article reads changed
 *   at once. What changes without a write to the article stays computed per read: `no_comments`
 *   (comment_counts) and `also_reported_by` (the story's other reports); news.repository.ts
 *   appends them. The integration tests compare it with the per-field expressions (FIELDS).
 * - Partial indexes per public feed (latest_ai, bullish, bearish, defcon), in (creation_date, id)
 *   order: a feed page is the index's first 20 entries. Without them the walk of the visible
 *   articles' index read every newer article and tested its filters (the defcon level from the
 *   `AI` jsonb of each), which grows with how rare the feed's articles are. The repository adds
 *   each index's condition to a feed query as a literal, so prepared (generic) plans use them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The fields of the API's article that are the row's own, in the API's order (spec §3). A
  // malformed NER (not an array of entities with ticker lists) derives an empty map here rather
  // than failing the write.
  await sql`create function news_api_json_of(n news) returns text
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
  await sql`create function news_api_json_kept() returns trigger language plpgsql as $$
    begin
      new.api_json := news_api_json_of(new);
      return new;
    end $$`.execute(db);
  await sql`alter table news add column api_json text`.execute(db);
  await sql`update news set api_json = news_api_json_of(news)`.execute(db);
  await sql`alter table news alter column api_json set not null`.execute(db);
  await sql`create trigger news_api_json before insert or update on news
    for each row execute function news_api_json_kept()`.execute(db);

  // The public feeds' first page: what every visitor of the feed asks (web news-feed.ts).
  const feed = (name: string, condition: string) =>
    sql`create index ${sql.id(name)} on news (creation_date desc, id desc)
      where not is_blocked and experiment is null and story_id is null and ${sql.raw(condition)}`.execute(
      db,
    );
  await feed(
    'news_feed_latest_ai',
    'ai_summary is not null and coalesce(cardinality(related_exchange_tickers), 0) <> 0',
  );
  await feed('news_feed_bullish', 'sentiment_first >= 7');
  await feed('news_feed_bearish', 'sentiment_first <= -5');
  await feed(
    'news_feed_defcon',
    `(case when jsonb_typeof("AI" -> 'defcon_level') = 'number'
      then ("AI" -> 'defcon_level')::numeric end) <= 2`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['latest_ai', 'bullish', 'bearish', 'defcon']) {
    await sql`drop index ${sql.id(`news_feed_${name}`)}`.execute(db);
  }
  await sql`drop trigger news_api_json on news`.execute(db);
  await sql`alter table news drop column api_json`.execute(db);
  await sql`drop function news_api_json_kept()`.execute(db);
  await sql`drop function news_api_json_of(news)`.execute(db);
}
