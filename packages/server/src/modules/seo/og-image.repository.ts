import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';

const PREFIX = 'og-image:';

/**
 * Rendered Open Graph images kept in `cache_entries` (base64 in JSONB), so every API process
 * shares them and a restart renders nothing twice; the purge job deletes them once expired.
 */
export function createOgImageRepository(db: Database, clock: Clock) {
  return {
    /** The stored PNG of `key`, or undefined when there is none or it has expired. */
    async find(key: string): Promise<Buffer | undefined> {
      const row = await db
        .selectFrom('cache_entries')
        .select('value')
        .where('key', '=', PREFIX + key)
        .where('expires_at', '>', clock.now())
        .executeTakeFirst();
      const png = (row?.value as { png?: unknown } | undefined)?.png;
      return typeof png === 'string' ? Buffer.from(png, 'base64') : undefined;
    },

    async store(key: string, png: Buffer, ttlSeconds: number): Promise<void> {
      const now = clock.now();
      const expires = new Date(now.getTime() + ttlSeconds * 1000);
      const value = JSON.stringify({ png: png.toString('base64') });
      await db
        .insertInto('cache_entries')
        .values({ key: PREFIX + key, value, fetched_at: now, expires_at: expires })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({ value, fetched_at: now, expires_at: expires }),
        )
        .execute();
    },
  };
}

export type OgImageRepository = ReturnType<typeof createOgImageRepository>;
