import { sql, type Kysely } from 'kysely';

/**
 * Each article's stored API JSON (`news.api_json`, migration
 * 2026-11-28T1500-news-article-json) read from the article's own row. With the defaults
 * (`extended` storage, rows toasted past 2 KB) PostgreSQL moved it, the row's largest value, to
 * the TOAST table: every article a feed page sends cost a TOAST index lookup and chunk reads
 * besides its heap tuple (136 buffers for a 20-article page instead of 56;
 * bench/news). Tried on 30,000 of the benchmark's rows: `storage main` alone keeps `api_json` in
 * the row but pushes the `AI` object out instead (which the defcon feed filters on and the
 * assistant reads); with `toast_tuple_target = 4000` as well nothing of an ordinary article leaves
 * the row (heap 78 MB against 59 MB + 22 MB of TOAST). A long article (full text) still has its
 * `articles`, then the other large values, moved out first; `api_json` is compressed in the row and
 * leaves it only when the row cannot fit a page otherwise.
 *
 * Both settings apply to values written from now on: existing rows keep their storage until
 * rewritten, so every row is rewritten here (the table's trigger builds `api_json` again on the
 * update: the same value, stored under the new rules). At a million articles that is minutes and
 * leaves the old versions to VACUUM; it runs once, in this migration's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news set (toast_tuple_target = 4000)`.execute(db);
  await sql`alter table news alter column api_json set storage main`.execute(db);
  await sql`update news set api_json = api_json`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news alter column api_json set storage extended`.execute(db);
  await sql`alter table news reset (toast_tuple_target)`.execute(db);
}
