import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { readerNews } from '../../db/article-visibility.ts';

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

    /** The weeks (their Mondays) among `weekStarts` that have a recap, with its citation count. */
    existingWeeks: async (weekStarts: readonly string[]): Promise<Map<string, number>> => {
      if (weekStarts.length === 0) return new Map();
      const rows = await db
        .selectFrom('blog_posts')
        .select(['week_start', sql<number>`cardinality(citations)`.as('cited')])
        .where('week_start', 'in', weekStarts)
        .execute();
      return new Map(rows.map((row) => [row.week_start, row.cited]));
    },

    /** Rewrites a recap that cites no story yet (its date and URL stay); false when it has some. */
    completeUncited: async (
      post: Pick<BlogPostRow, 'week_start' | 'title' | 'excerpt' | 'body' | 'citations'>,
    ): Promise<boolean> => {
      const result = await db
        .updateTable('blog_posts')
        .set({
          title: post.title,
          excerpt: post.excerpt,
          body: post.body,
          citations: post.citations,
        })
        .where('week_start', '=', post.week_start)
        .where(sql<boolean>`cardinality(citations) = 0`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
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
        .where(readerNews(null))
        .orderBy(sql`interest_score desc nulls last`)
        .orderBy('creation_date', 'desc')
        .limit(limit)
        .execute(),

    /**
     * Equity listings with their company: the ones named first, then a fixed spread of the rest
     * (ordered by a hash of the symbol, so the sample is stable and not one end of the alphabet).
     */
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
        .orderBy(sql`md5(s.exchange_ticker)`)
        .limit(limit)
        .execute(),
  };
}

export type BlogRepository = ReturnType<typeof createBlogRepository>;
