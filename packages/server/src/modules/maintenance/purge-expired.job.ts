import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';
import { EXPIRING_TABLES } from './maintenance.repository.ts';

export { EXPIRING_TABLES };

/** Deletes expired rows in bounded batches so a large backlog never holds long locks. */
export const purgeExpiredJob = defineJob({
  name: 'maintenance.purge-expired',
  payload: JOB_PAYLOADS['maintenance.purge-expired'],
  retry: { retryLimit: 3, retryDelaySeconds: 30, backoff: true, expireInSeconds: 600 },
  schedule: { cron: '*/10 * * * *', data: {} },
  handler: async ({ batchSize }, { services, log }) => {
    // Expiry times are written by the clock, so they are compared with it too.
    const now = services.clock.now();
    for (const table of EXPIRING_TABLES) {
      let total = 0;
      for (;;) {
        const deleted = await services.maintenance.deleteExpired(table, now, batchSize);
        total += deleted;
        if (deleted < batchSize) break;
      }
      if (total > 0) log.info({ table, deleted: total }, 'purged expired rows');
    }
  },
});
