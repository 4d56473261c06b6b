import type { Clock } from '../../clock.ts';
import { createCacheEntries } from '../../db/cache-entries.ts';
import type { Database } from '../../db/database.ts';

/** GIPHY answers kept in `cache_entries` (the purge job deletes them once expired). */
export function createNewsGifRepository(db: Database, clock: Clock) {
  const entries = createCacheEntries(db, clock, 'news-gif:');
  return {
    /** The stored value, or undefined when there is none or it has expired. */
    cached: (key: string): Promise<unknown> => entries.get(key),

    store: (key: string, value: object, ttlSeconds: number): Promise<void> =>
      entries.set(key, value, ttlSeconds),
  };
}

export type NewsGifRepository = ReturnType<typeof createNewsGifRepository>;
