import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';

/**
 * Once when a worker starts and every day before the US pre-market: the market calendar's events
 * from the source, stored, so no page asks the source.
 */
export const refreshMarketCalendarJob = defineJob({
  name: 'market-calendar.refresh',
  payload: JOB_PAYLOADS['market-calendar.refresh'],
  retry: { retryLimit: 3, retryDelaySeconds: 600, backoff: true, expireInSeconds: 1800 },
  schedule: { cron: '30 9 * * *', data: {} },
  handler: async (_data, { services, log }) => {
    const { stored } = await services.marketCalendar.refresh();
    log.info({ stored }, 'refreshed the market calendar');
  },
});

export const marketCalendarJobs = [refreshMarketCalendarJob] as const;
