import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export type BlogPostRow = {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  citations: string[];
  week_start: string;
  week_end: string;
  published_at: Date;
};

/** SQL of the blog's weekly recaps and what they are written from; no decisions. */
export function createBlogRepository(db: Database) {
  return {
    /** Published posts (up to `now`), newest first. */
    list: (now: Date, limit: number) =>
      db
        .selectFrom('blog_posts')
        .select(['slug', 'title', 'excerpt', 'week_start', 'week_end', 'published_at'])
        .where('published_at', '<=', now)
        .orderBy('published_at', 'desc')
        .limit(limit)
        .execute(),

    bySlug: (slug: string, now: Date): Promise<BlogPostRow | undefined> =>
      db
        .selectFrom('blog_posts')
        .selectAll()
        .where('slug', '=', slug)
        .where('published_at', '<=', now)
        .executeTakeFirst(),

    /** The weeks (their Mondays) among `weekStarts` that already have a recap. */
    existingWeeks: async (weekStarts: readonly string[]): Promise<Set<string>> => {
      if (weekStarts.length === 0) return new Set();
      const rows = await db
        .selectFrom('blog_posts')
        .select('week_start')
        .where('week_start', 'in', weekStarts)
        .execute();
      return new Set(rows.map((row) => row.week_start));
    },

    /** Stores a recap once per week (a second writer of the same week changes nothing). */
    insert: async (post: BlogPostRow): Promise<boolean> => {
      const result = await db
        .insertInto('blog_posts')
        .values(post)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** The week's most interesting visible analysed articles. */
    weekNews: (from: Date, to: Date, limit: number) =>
      db
        .selectFrom('news')
        .select([
          'id',
          'title',
          sql<string | null>`"AI"->>'title'`.as('ai_title'),
          'sentiment_first',
          'related_exchange_tickers',
        ])
        .where('creation_date', '>=', from)
        .where('creation_date', '<', to)
        .where('status', '=', 'PROCESSED')
        .where('is_blocked', '=', false)
        .where('experiment', 'is', null)
        .orderBy(sql`interest_score desc nulls last`)
        .orderBy('creation_date', 'desc')
        .limit(limit)
        .execute(),

    /** Equity listings with their company, the ones named first, then by company name. */
    listings: (preferred: readonly string[], limit: number) =>
      db
        .selectFrom('securities as s')
        .innerJoin('companies as c', 'c.id', 's.company_id')
        .select(['s.exchange_ticker', 'c.company_name', 'c.gics_sector'])
        .where('s.quote_type', '=', 'EQUITY')
        .orderBy(
          preferred.length > 0
            ? sql`s.exchange_ticker = any(${sql.val([...preferred])}::text[]) desc`
            : sql`1`,
        )
        .orderBy('c.company_name')
        .limit(limit)
        .execute(),
  };
}

export type BlogRepository = ReturnType<typeof createBlogRepository>;
