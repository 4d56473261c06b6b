import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';

/**
 * Every weekday at 21:30 UTC (after the US close, when the day's briefs are written): the
 * latest market brief's title, summary and link to the channels that take the brief. A brief
 * already posted is not posted again, so a retried or doubled run posts once.
 */
export const dailyBriefJob = defineJob({
  name: 'telegram.daily-brief',
  payload: JOB_PAYLOADS['telegram.daily-brief'],
  retry: { retryLimit: 3, retryDelaySeconds: 120, backoff: true, expireInSeconds: 300 },
  schedule: { cron: '30 21 * * 1-5', data: {} },
  handler: async (_data, { services, log }) => {
    const outcome = await services.telegram.publishBrief(await services.latestMarketBrief());
    log.info({ outcome }, 'telegram daily brief');
  },
});

export const telegramJobs = [dailyBriefJob] as const;
