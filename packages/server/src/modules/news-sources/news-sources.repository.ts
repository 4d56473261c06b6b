import { sql, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NewsSourceOrigin, NewsSourceTable } from '../../db/schema.ts';
import { DAY_MS } from '@app/shared/dates';

export type NewsSourceRow = Selectable<NewsSourceTable>;
export type NewsSourceUpdate = Updateable<NewsSourceTable>;

/** SQL of the managed feeds; no decisions. */
export function createNewsSourcesRepository(db: Database) {
  return {
    /** Every listed source (not removed), oldest first, with its items of the last day and week. */
    list: (now: Date) =>
      db
        .selectFrom('news_sources as s')
        .selectAll('s')
        .select((eb) => [
          eb
            .selectFrom('news')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('news.source', '=', 's.name')
            .where('news.created_at', '>=', new Date(now.getTime() - DAY_MS))
            .as('items_day'),
          eb
            .selectFrom('news')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('news.source', '=', 's.name')
            .where('news.created_at', '>=', new Date(now.getTime() - 7 * DAY_MS))
            .as('items_week'),
        ])
        .where('s.state', '<>', 'removed')
        .orderBy('s.created_at')
        .orderBy('s.url')
        .execute(),

    byId: (id: string) =>
      db.selectFrom('news_sources').selectAll().where('id', '=', id).executeTakeFirst(),

    byUrl: (url: string) =>
      db
        .selectFrom('news_sources')
        .selectAll()
        .where((eb) => eb.or([eb('url', '=', url), eb('name', '=', `rss:${url}`)]))
        .executeTakeFirst(),

    /** Adds sources whose URL is not stored yet (a removed one stays removed); returns the added. */
    insertMissing: async (
      rows: readonly { name: string; url: string; title: string; origin: NewsSourceOrigin }[],
      now: Date,
    ): Promise<NewsSourceRow[]> => {
      if (rows.length === 0) return [];
      return db
        .insertInto('news_sources')
        .values(
          rows.map((row) => ({ ...row, next_fetch_at: now, created_at: now, updated_at: now })),
        )
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .execute();
    },

    update: async (id: string, values: NewsSourceUpdate): Promise<NewsSourceRow | undefined> =>
      db
        .updateTable('news_sources')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    /** Active, enabled sources due at `now`, the longest waiting first. */
    due: (now: Date, limit: number) =>
      db
        .selectFrom('news_sources')
        .selectAll()
        .where('state', '=', 'active')
        .where('disabled', '=', false)
        .where('next_fetch_at', '<=', now)
        .orderBy('next_fetch_at')
        .limit(limit)
        .execute(),

    /**
     * Books a due source for this poll (its next fetch moved past the fetch's deadline), so two
     * workers never fetch one feed at once. False when another worker took it.
     */
    claim: async (id: string, dueAt: Date, until: Date): Promise<boolean> => {
      const result = await db
        .updateTable('news_sources')
        .set({ next_fetch_at: until })
        .where('id', '=', id)
        .where('next_fetch_at', '=', dueAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type NewsSourcesRepository = ReturnType<typeof createNewsSourcesRepository>;
