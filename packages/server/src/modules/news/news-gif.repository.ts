import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

const PREFIX = 'news-gif:';

/** GIPHY answers kept in `cache_entries` (the purge job deletes them once expired). */
export function createNewsGifRepository(db: Database) {
  return {
    /** The stored value, or undefined when there is none or it has expired. */
    async cached(key: string): Promise<unknown> {
      const row = await db
        .selectFrom('cache_entries')
        .select('value')
        .where('key', '=', PREFIX + key)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row?.value;
    },

    async store(key: string, value: object, ttlSeconds: number): Promise<void> {
      const expires = sql<Date>`now() + make_interval(secs => ${ttlSeconds})`;
      await db
        .insertInto('cache_entries')
        .values({ key: PREFIX + key, value: JSON.stringify(value), expires_at: expires })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            value: JSON.stringify(value),
            fetched_at: sql<Date>`now()`,
            expires_at: expires,
          }),
        )
        .execute();
    },
  };
}

export type NewsGifRepository = ReturnType<typeof createNewsGifRepository>;
