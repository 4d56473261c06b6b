import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';

const PREFIX = 'news-gif:';

/** GIPHY answers kept in `cache_entries` (the purge job deletes them once expired). */
export function createNewsGifRepository(db: Database, clock: Clock) {
  return {
    /** The stored value, or undefined when there is none or it has expired. */
    async cached(key: string): Promise<unknown> {
      const row = await db
        .selectFrom('cache_entries')
        .select('value')
        .where('key', '=', PREFIX + key)
        .where('expires_at', '>', clock.now())
        .executeTakeFirst();
      return row?.value;
    },

    async store(key: string, value: object, ttlSeconds: number): Promise<void> {
      const now = clock.now();
      const expires = new Date(now.getTime() + ttlSeconds * 1000);
      await db
        .insertInto('cache_entries')
        .values({
          key: PREFIX + key,
          value: JSON.stringify(value),
          fetched_at: now,
          expires_at: expires,
        })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            value: JSON.stringify(value),
            fetched_at: now,
            expires_at: expires,
          }),
        )
        .execute();
    },
  };
}

export type NewsGifRepository = ReturnType<typeof createNewsGifRepository>;
