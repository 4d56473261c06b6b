import { sql, type Updateable } from 'kysely';
import type { NewsTable } from '../../db/schema.ts';
import { isArticleId, type NewNewsArticle, type NewsSqlContext } from './news-sql.repository.ts';

const INSERT_BATCH = 200;

/** What the ingest compares of a stored article to tell a changed text. */
type StoredText = {
  id: string;
  guid: string;
  source: string;
  title: string;
  description: string;
  articles: string[];
};

/** The writers' SQL (ingest, analysis, stories, hiding) and the reads they decide by. */
export function newsWriteQueries({ db, wrote }: NewsSqlContext) {
  return {
    /** Hides or shows an article; false when there is no such article. */
    setBlocked: async (id: string, blocked: boolean, now: Date): Promise<boolean> => {
      if (!isArticleId(id)) return false;
      const result = await db
        .updateTable('news')
        .set({ is_blocked: blocked, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      wrote();
      return Number(result.numUpdatedRows) > 0;
    },

    /** What the analyst reads of one article. */
    forAnalysis: (id: string) =>
      db
        .selectFrom('news')
        .select([
          'id',
          'title',
          'description',
          'articles',
          'publisher',
          'related_exchange_tickers',
          'sentiment_hint',
          'status',
          'enrich_inputs',
        ])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Stores the analyst's result: the AI object and the columns the feeds filter on. */
    storeAnalysis: async (id: string, values: Updateable<NewsTable>) => {
      await db.updateTable('news').set(values).where('id', '=', id).execute();
      wrote();
    },

    /** Ids of articles waiting for the analyst, newest first. */
    waitingIds: async (limit: number): Promise<string[]> =>
      (
        await db
          .selectFrom('news')
          .select('id')
          .where('status', '=', 'WAITING_INDEX')
          .orderBy('creation_date', 'desc')
          .limit(limit)
          .execute()
      ).map((row) => row.id),

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
      if (ids.length > 0) wrote();
      return ids;
    },

    /**
     * Articles since `since` sharing a MinHash band key with `bands`: the candidates of the
     * story clustering (news-stories.ts), found through the GIN index on `story_bands`.
     */
    storyCandidates: (bands: readonly number[], since: Date) =>
      bands.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('news')
            .select([
              'id',
              'story_id',
              'story_minhash',
              'story_bands',
              'related_exchange_tickers',
              'creation_date',
            ])
            .where(sql<boolean>`story_bands && ${[...bands]}::integer[]`)
            .where('creation_date', '>=', since)
            .orderBy('creation_date')
            .limit(5_000)
            .execute(),

    /** Counts new reports of stories on their first articles (`story_reports`). */
    countStoryReports: async (leads: ReadonlyMap<string, number>): Promise<void> => {
      if (leads.size === 0) return;
      const ids = [...leads.keys()];
      const counts = ids.map((id) => leads.get(id) ?? 0);
      await sql`update news set story_reports = story_reports + c.n
        from unnest(${ids}::uuid[], ${counts}::integer[]) as c(id, n)
        where news.id = c.id`.execute(db);
      wrote();
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

    /** Stored articles by guid, with the text an update compares (the ingest's changed items). */
    storedByGuid: async (guids: readonly string[]) => {
      if (guids.length === 0) return new Map<string, StoredText>();
      const rows = await db
        .selectFrom('news')
        .select(['id', 'guid', 'source', 'title', 'description', 'articles'])
        .where('guid', '=', sql<string>`any(${[...guids]}::text[])`)
        .execute();
      return new Map<string, StoredText>(rows.map((row) => [row.guid, row]));
    },

    /** A stored article's new text: it waits for the analyst again. */
    updateText: async (
      id: string,
      values: Pick<
        Updateable<NewsTable>,
        | 'title'
        | 'description'
        | 'articles'
        | 'related_exchange_tickers'
        | 'NER'
        | 'named_exchange_tickers'
        | 'updated_at'
      >,
    ) => {
      await db
        .updateTable('news')
        .set({ ...values, status: 'WAITING_INDEX' })
        .where('id', '=', id)
        .execute();
      wrote();
    },

    findByLink: (link: string) =>
      db.selectFrom('news').selectAll().where('link', '=', link).executeTakeFirst(),
  };
}
