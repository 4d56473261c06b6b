import { sql } from 'kysely';
import { readerNewsSql } from '../../db/article-visibility.ts';
import { sitemapPagesOf } from '../../db/sitemap-pages.ts';
import {
  apiNewsJson,
  isArticleId,
  visibleTo,
  type ArticleFactRow,
  type ArticleJson,
  type NewsSqlContext,
  type NewsViewer,
} from './news-sql.repository.ts';

/** One article or a few, as readers, the assistant, link previews and the sitemap read them. */
export function newsArticleQueries({ db, prepared }: NewsSqlContext) {
  /** The article `id` when the viewer may see it, for the caller to choose its columns. */
  const visibleArticle = (id: string, viewer: NewsViewer) =>
    db.selectFrom('news').where('id', '=', id).where(visibleTo(viewer));

  return {
    /** One article as the API shows it, when it exists and the viewer may see it. */
    findVisibleArticle: async (
      id: string,
      viewer: NewsViewer,
    ): Promise<ArticleJson | undefined> => {
      if (!isArticleId(id)) return undefined;
      const [row] = await prepared(
        visibleArticle(id, viewer)
          .select(['id', apiNewsJson().as('article')])
          .compile(),
      );
      return row;
    },

    /**
     * The newest processed articles about each group of listings (a company's), at most `limit`
     * a group, in one query; `key` says which group a row belongs to.
     */
    recentProcessed: async (
      groups: readonly { key: string; tickers: readonly string[] }[],
      limit: number,
      viewer: NewsViewer,
      before: Date,
    ): Promise<(ArticleFactRow & { key: string })[]> => {
      if (groups.length === 0) return [];
      const result = await sql<ArticleFactRow & { key: string }>`
        select g.key, n.id, n.title, n.ai_summary, n.description, n."AI", n.interest_score,
               n.creation_date, n.publisher, n.related_exchange_tickers
        from jsonb_to_recordset(${JSON.stringify(groups)}::jsonb) as g(key text, tickers text[])
        cross join lateral (
          select * from news n
          where n.related_exchange_tickers && g.tickers and n.status = 'PROCESSED'
            and n."AI" is not null and ${readerNewsSql('n', viewer)}
            and n.creation_date <= ${before}
          order by n.creation_date desc, n.id desc
          limit ${limit}
        ) as n`.execute(db);
      return result.rows;
    },

    /**
     * The newest processed articles the analyst classified as Market News or Sector Analysis, in
     * `after`–`before`, except those about one company (one listing: an unusual-volume brief)
     * (the assistant's market context): read newest first through the feed's date order.
     */
    recentMarket: async (
      limit: number,
      viewer: NewsViewer,
      after: Date,
      before: Date,
    ): Promise<ArticleFactRow[]> => {
      const result = await sql<ArticleFactRow>`
        select n.id, n.title, n.ai_summary, n.description, n."AI", n.interest_score,
               n.creation_date, n.publisher, n.related_exchange_tickers
        from news n
        where n.creation_date <= ${before} and n.creation_date > ${after}
          and n.status = 'PROCESSED'
          and n."AI" ->> 'classification' in ('Market News', 'Sector Analysis')
          and cardinality(n.related_exchange_tickers) <> 1
          and n.story_id is null and ${readerNewsSql('n', viewer)}
        order by n.creation_date desc, n.id desc
        limit ${limit}`.execute(db);
      return result.rows;
    },

    /** One article the viewer may see, with its full text (the Q&A panel's context). */
    findVisibleFact: (id: string, viewer: NewsViewer) =>
      isArticleId(id)
        ? visibleArticle(id, viewer)
            .select([
              'id',
              'title',
              'ai_summary',
              'description',
              'AI',
              'interest_score',
              'creation_date',
              'publisher',
              'related_exchange_tickers',
              'articles',
            ])
            .executeTakeFirst()
        : Promise.resolve(undefined),

    /** The titles (the analyst's, else the source's) of the articles the viewer may see. */
    titlesVisibleTo: async (ids: string[], viewer: NewsViewer): Promise<Map<string, string>> => {
      const valid = [...new Set(ids)].filter(isArticleId);
      if (valid.length === 0) return new Map();
      const rows = await db
        .selectFrom('news')
        .select(['id', sql<string>`coalesce(nullif("AI" ->> 'title', ''), title)`.as('title')])
        .where('id', 'in', valid)
        .where(visibleTo(viewer))
        .execute();
      return new Map(rows.map((row) => [row.id, row.title]));
    },

    /**
     * Public articles about results or dividends of `symbols` published `from`–`to` (instants),
     * oldest first, at most `limit`: classified so by the analyst, or saying so in the headline.
     */
    eventStories: (
      symbols: readonly string[],
      from: Date,
      to: Date,
      limit: number,
    ): Promise<{ id: string; title: string; tickers: string[]; published: Date }[]> =>
      symbols.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('news')
            .select([
              'id',
              sql<string>`coalesce(nullif("AI" ->> 'title', ''), title)`.as('title'),
              'related_exchange_tickers as tickers',
              'creation_date as published',
            ])
            .where(sql<boolean>`related_exchange_tickers && ${sql.val([...symbols])}::text[]`)
            .where('creation_date', '>=', from)
            .where('creation_date', '<=', to)
            .where(readerNewsSql())
            .where((eb) =>
              eb.or([
                eb(sql`"AI" ->> 'classification'`, 'in', ['Company Results', 'Dividend News']),
                eb('title', '~*', String.raw`\m(results|earnings|EPS|dividend|payout)\M`),
              ]),
            )
            .orderBy('creation_date')
            .limit(limit)
            .execute(),

    /** What a link preview shows of one article a visitor may see (the SEO head, the OG image). */
    previewOf: (id: string) =>
      isArticleId(id)
        ? visibleArticle(id, null)
            .select([
              'id',
              'title',
              'ai_summary',
              'description',
              'publisher',
              'creation_date',
              'updated_at',
              'related_exchange_tickers',
            ])
            .executeTakeFirst()
        : Promise.resolve(undefined),

    /**
     * The sitemap's pages of public articles in (creation_date, id) order: each page's first id,
     * size and newest change, in one pass over the visible articles' index (no OFFSET).
     */
    sitemapPages: (size: number) =>
      sitemapPagesOf(
        db,
        sql`select id, updated_at as lastmod,
                   row_number() over (order by creation_date, id) - 1 as rn
            from news where ${readerNewsSql()}`,
        size,
      ),

    /** Up to `size` public articles from the one with id `fromId` on, in (creation_date, id) order. */
    sitemapEntries: async (fromId: string, size: number) =>
      isArticleId(fromId)
        ? (
            await sql<{ id: string; updated_at: Date }>`
              select n.id, n.updated_at
              from news n, (select creation_date, id from news where id = ${fromId}) start
              where (n.creation_date, n.id) >= (start.creation_date, start.id)
                and ${readerNewsSql('n')}
              order by n.creation_date, n.id
              limit ${size}`.execute(db)
          ).rows
        : [],
  };
}
