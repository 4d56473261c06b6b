import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB, NewsTable } from '../../db/schema.ts';
import { apiNewsJson } from './news.mapper.ts';
import type { LinkerCompany } from './ticker-linker.ts';

/** Who is reading: admins see hidden articles, everyone else does not. */
export type NewsViewer = { is_admin: boolean } | null | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be an article id at all (anything else is simply not found). */
export const isArticleId = (id: string) => UUID.test(id);

/**
 * The one visibility rule for articles: a hidden (`is_blocked`) article exists only for admins.
 * Every query that loads articles for a caller goes through it.
 */
export const visibleTo =
  (viewer: NewsViewer) =>
  (eb: ExpressionBuilder<DB, 'news'>) =>
    viewer?.is_admin ? eb.lit(true) : eb('news.is_blocked', '=', false);

export type NewsRow = Selectable<NewsTable>;
export type NewNewsArticle = Insertable<NewsTable>;

const INSERT_BATCH = 200;

/** SQL for news articles; no decisions. */
export function createNewsRepository(db: Database) {
  return {
    /**
     * Inserts articles; one whose link or guid is already stored is skipped (`ON CONFLICT DO
     * NOTHING`), so ingesting a feed twice stores each article once. Returns the new ids.
     */
    insertMany: async (articles: readonly NewNewsArticle[]): Promise<string[]> => {
      const ids: string[] = [];
      for (let start = 0; start < articles.length; start += INSERT_BATCH) {
        const rows = await db
          .insertInto('news')
          .values(articles.slice(start, start + INSERT_BATCH))
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .execute();
        ids.push(...rows.map((row) => row.id));
      }
      return ids;
    },

    /** Which of these links and guids are already stored (`link:` / `guid:` prefixed). */
    storedKeys: async (
      links: readonly string[],
      guids: readonly string[],
    ): Promise<Set<string>> => {
      if (links.length === 0 && guids.length === 0) return new Set();
      const { rows } = await sql<{ key: string }>`
        select 'link:' || link as key from news where link = any(${[...links]}::text[])
        union all
        select 'guid:' || guid from news where guid = any(${[...guids]}::text[])`.execute(db);
      return new Set(rows.map((row) => row.key));
    },

    /** One article as the API shows it, when it exists and the viewer may see it. */
    findVisibleArticle: async (id: string, viewer: NewsViewer) => {
      if (!isArticleId(id)) return undefined;
      const row = await db
        .selectFrom('news')
        .select(apiNewsJson().as('article'))
        .where('id', '=', id)
        .where(visibleTo(viewer))
        .executeTakeFirst();
      return row?.article;
    },

    /** The texts the linker reads of one article the viewer may see. */
    findVisibleTexts: (id: string, viewer: NewsViewer) =>
      isArticleId(id)
        ? db
            .selectFrom('news')
            .select(['id', 'title', 'description', 'articles'])
            .where('id', '=', id)
            .where(visibleTo(viewer))
            .executeTakeFirst()
        : Promise.resolve(undefined),

    findByLink: (link: string) =>
      db.selectFrom('news').selectAll().where('link', '=', link).executeTakeFirst(),

    /**
     * Every company's name and listings, for the ticker linker. Read here rather than through
     * the companies module because the linker needs the whole table in one query.
     */
    linkerCompanies: (): Promise<LinkerCompany[]> =>
      db.selectFrom('companies').select(['company_name', 'exchange_tickers']).execute(),

    /** Changes whenever companies are added, removed or renamed; keys the cached linker. */
    companiesFingerprint: async (): Promise<string> => {
      const { rows } = await sql<{ fingerprint: string }>`
        select concat_ws(':', count(*), extract(epoch from max(created_at)),
          sum(length(company_name) + cardinality(exchange_tickers))) as fingerprint
        from companies`.execute(db);
      return rows[0]?.fingerprint ?? '';
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
