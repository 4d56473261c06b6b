import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';

/**
 * The screener's metrics, recomputed after each universe quote refresh and news ingest (which
 * enqueue it) and every 15 minutes, so the 7-day news window moves on with the clock. With
 * `fundamentals`, the provider's per-share figures are fetched first (hourly, and on demand).
 */
export const refreshScreenerJob = defineJob({
  name: 'screener.refresh-metrics',
  payload: JOB_PAYLOADS['screener.refresh-metrics'],
  retry: { retryLimit: 1, retryDelaySeconds: 60, backoff: false, expireInSeconds: 900 },
  schedule: { cron: '7 * * * *', data: { fundamentals: true } },
  handler: async ({ fundamentals }, deps) => {
    const written = await deps.services.screener.refresh({ fundamentals });
    deps.log.info({ listings: written, fundamentals }, 'refreshed the screener metrics');
  },
});

export const screenerJobs = [refreshScreenerJob] as const;
