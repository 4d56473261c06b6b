import type { Clock } from '../clock.ts';
import type { Database } from './database.ts';

/**
 * JSON values kept in `cache_entries` until they expire, shared by every API process (the purge
 * job deletes expired rows). Each store's keys start with its own `prefix`, so stores share the
 * table without meeting.
 */
export function createCacheEntries(db: Database, clock: Clock, prefix: string) {
  return {
    /** The stored value of `key`, or undefined when there is none or it has expired. */
    async get(key: string): Promise<unknown> {
      const row = await db
        .selectFrom('cache_entries')
        .select('value')
        .where('key', '=', prefix + key)
        .where('expires_at', '>', clock.now())
        .executeTakeFirst();
      return row?.value;
    },

    /** Keeps `value` as the value of `key` for `ttlSeconds`, replacing an older one. */
    async set(key: string, value: object, ttlSeconds: number): Promise<void> {
      const now = clock.now();
      const expires = new Date(now.getTime() + ttlSeconds * 1000);
      const json = JSON.stringify(value);
      await db
        .insertInto('cache_entries')
        .values({ key: prefix + key, value: json, fetched_at: now, expires_at: expires })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({ value: json, fetched_at: now, expires_at: expires }),
        )
        .execute();
    },
  };
}
