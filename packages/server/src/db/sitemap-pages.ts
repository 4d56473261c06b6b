import { sql, type RawBuilder } from 'kysely';
import type { Database } from './database.ts';

/** One page of a sitemap: its first row's id (the cursor), how many rows, their newest change. */
export type SitemapPageRow = { first_id: string; count: number; lastmod: Date };

/**
 * A sitemap's pages of `size` rows in one pass (no OFFSET): `numbered` selects every row as `id`,
 * `lastmod` and `rn`, its place in sitemap order counted from 0.
 */
export async function sitemapPagesOf(
  db: Database,
  numbered: RawBuilder<unknown>,
  size: number,
): Promise<SitemapPageRow[]> {
  const { rows } = await sql<SitemapPageRow>`
    with numbered as (${numbered}),
    ranked as (select *, rn / ${size} as page from numbered)
    select (array_agg(id) filter (where rn % ${size} = 0))[1] as first_id,
           count(*)::int as count, max(lastmod) as lastmod
    from ranked group by page order by page`.execute(db);
  return rows;
}
