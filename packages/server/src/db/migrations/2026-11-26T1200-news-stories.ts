import { sql, type Kysely } from 'kysely';

/**
 * One card per story: near-duplicate articles (the same story from the wire, a filing
 * and a publisher's rewrite) are clustered at ingest by MinHash over word shingles.
 *
 * - `story_id`: the id of the story's first article; NULL for that first article itself (and for
 *   every article alone in its story), so the feeds show a story once with `story_id is null`.
 * - `story_minhash`: the article's MinHash signature (64 values), to verify a candidate.
 * - `story_bands`: its locality-sensitive-hashing band keys (32 bands of 2 values), GIN-indexed,
 *   so finding candidates is one index lookup, never a scan of recent articles.
 * - `sentiment_hint`: a score the article's writer computed from its own figures (market
 *   briefs: breadth and average move); the analyst's sentiment follows it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news
    add column story_id uuid,
    add column story_minhash integer[],
    add column story_bands integer[],
    add column sentiment_hint smallint`.execute(db);
  await sql`create index news_story_members on news (story_id) where story_id is not null`.execute(
    db,
  );
  await sql`create index news_story_bands on news using gin (story_bands)
    with (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index news_story_bands`.execute(db);
  await sql`drop index news_story_members`.execute(db);
  await sql`alter table news drop column story_id, drop column story_minhash,
    drop column story_bands, drop column sentiment_hint`.execute(db);
}
