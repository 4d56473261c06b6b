import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';

/**
 * Once when a worker starts and every hour: the recap of every complete week of the last few
 * that has none yet, and of any written before its news was analysed (weeks follow the business
 * clock, so a pinned or demo clock gets its own recaps; finished recaps are left alone).
 */
export const writeRecapsJob = defineJob({
  name: 'blog.write-recaps',
  payload: JOB_PAYLOADS['blog.write-recaps'],
  retry: { retryLimit: 2, retryDelaySeconds: 300, backoff: true, expireInSeconds: 900 },
  schedule: { cron: '20 * * * *', data: { weeks: 4 } },
  handler: async (data, { services, log }) => {
    const { written } = await services.blog.writeRecaps(data.weeks);
    if (written.length > 0) log.info({ written }, 'wrote weekly market recaps');
  },
});

export const blogJobs = [writeRecapsJob] as const;
