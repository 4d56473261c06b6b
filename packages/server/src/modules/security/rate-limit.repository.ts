import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** SQL of the fixed-window counters in `rate_limits`. */
export function createRateLimitRepository(db: Database) {
  return {
    /**
     * Counts one hit for `key` in its window (a new window when the last one ended by `now`);
     * returns the window's count and end.
     */
    hit: async (key: string, now: Date, windowEnds: Date) =>
      sql<{ hits: number; expires_at: Date }>`
        insert into rate_limits as r (key, hits, expires_at)
        values (${key}, 1, ${windowEnds})
        on conflict (key) do update set
          hits = case when r.expires_at <= ${now} then 1 else r.hits + 1 end,
          expires_at = case when r.expires_at <= ${now} then ${windowEnds} else r.expires_at end
        returning hits, expires_at`
        .execute(db)
        .then((result) => result.rows[0]),

    /** The count of a window still open at `now`. */
    find: (key: string, now: Date) =>
      db
        .selectFrom('rate_limits')
        .select(['hits', 'expires_at'])
        .where('key', '=', key)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    remove: async (key: string) => {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
