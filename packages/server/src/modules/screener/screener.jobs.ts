import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';

/**
 * The screener's metrics, recomputed after each universe quote refresh and news ingest (which
 * enqueue it) and every 15 minutes, so backfilled history, the analyst's scores and the 7-day
 * news window reach it. The provider's per-share figures are fetched first when they are missing
 * or six hours old, or when `fundamentals` asks.
 */
export const refreshScreenerJob = defineJob({
  name: 'screener.refresh-metrics',
  payload: JOB_PAYLOADS['screener.refresh-metrics'],
  retry: { retryLimit: 1, retryDelaySeconds: 60, backoff: false, expireInSeconds: 900 },
  schedule: { cron: '*/15 * * * *', data: { fundamentals: false } },
  handler: async ({ fundamentals }, deps) => {
    const written = await deps.services.screener.refresh({ fundamentals });
    deps.log.info({ listings: written, fundamentals }, 'refreshed the screener metrics');
  },
});

export const screenerJobs = [refreshScreenerJob] as const;
