import type { Clock } from '../../clock.ts';
import { createCacheEntries } from '../../db/cache-entries.ts';
import type { Database } from '../../db/database.ts';

/**
 * Rendered Open Graph images kept in `cache_entries` (base64 in JSONB), so every API process
 * shares them and a restart renders nothing twice; the purge job deletes them once expired.
 */
export function createOgImageRepository(db: Database, clock: Clock) {
  const entries = createCacheEntries(db, clock, 'og-image:');
  return {
    /** The stored PNG of `key`, or undefined when there is none or it has expired. */
    async find(key: string): Promise<Buffer | undefined> {
      const png = ((await entries.get(key)) as { png?: unknown } | undefined)?.png;
      return typeof png === 'string' ? Buffer.from(png, 'base64') : undefined;
    },

    store: (key: string, png: Buffer, ttlSeconds: number): Promise<void> =>
      entries.set(key, { png: png.toString('base64') }, ttlSeconds),
  };
}

export type OgImageRepository = ReturnType<typeof createOgImageRepository>;
