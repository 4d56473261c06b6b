import { sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/**
 * Tables whose rows carry an `expires_at` and are useless once it passes. Later modules add
 * theirs (sessions, one-time tokens, rate-limit buckets) here.
 */
export const EXPIRING_TABLES = ['cache_entries', 'sessions', 'user_tokens', 'rate_limits'] as const;

/** Deletes expired rows in bounded batches so a large backlog never holds long locks. */
export const purgeExpiredJob = defineJob({
  name: 'maintenance.purge-expired',
  payload: z.object({ batchSize: z.number().int().min(1).max(100_000).default(5_000) }),
  retry: { retryLimit: 3, retryDelaySeconds: 30, backoff: true, expireInSeconds: 600 },
  schedule: { cron: '*/10 * * * *', data: {} },
  handler: async ({ batchSize }, { db, log, clock }) => {
    // Expiry times are written by the clock, so they are compared with it too.
    const now = clock.now();
    for (const table of EXPIRING_TABLES) {
      let total = 0;
      for (;;) {
        const result = await sql`
          delete from ${sql.table(table)} where ctid in (
            select ctid from ${sql.table(table)} where expires_at < ${now} limit ${batchSize}
          )`.execute(db);
        const deleted = Number(result.numAffectedRows ?? 0);
        total += deleted;
        if (deleted < batchSize) break;
      }
      if (total > 0) log.info({ table, deleted: total }, 'purged expired rows');
    }
  },
});
