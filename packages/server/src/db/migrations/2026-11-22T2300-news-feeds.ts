import { sql, type Kysely } from 'kysely';

/**
 * The feeds' filters as indexable columns: `sentiment_first` is the article's score (the first
 * element of `sentiment_score`, the one the spec's clients use) for the bullish and bearish feeds.
 * `no_comments` is a count computed with the feed query, not a stored flag.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news drop column no_comments`.execute(db);
  await sql`alter table news add column sentiment_first double precision
    generated always as (sentiment_score[1]) stored`.execute(db);
  await sql`create index news_sentiment_first on news (sentiment_first, creation_date desc)
    where not is_blocked`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index news_sentiment_first`.execute(db);
  await sql`alter table news drop column sentiment_first`.execute(db);
  await sql`alter table news add column no_comments boolean not null default false`.execute(db);
}
