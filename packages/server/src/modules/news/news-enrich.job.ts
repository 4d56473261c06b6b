import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';
import { ENRICH_BATCH } from './news-enrich.service.ts';

/** Every minute: the analyst enriches waiting articles, newest first, until none are left. */
export const enrichNewsJob = defineJob({
  name: 'news.enrich',
  payload: JOB_PAYLOADS['news.enrich'],
  retry: { retryLimit: 1, retryDelaySeconds: 30, backoff: false, expireInSeconds: 600 },
  schedule: { cron: '* * * * *', data: {} },
  handler: async (_data, { services, jobs, log }) => {
    let total = 0;
    for (;;) {
      const batchStarted = services.clock.now();
      const { processed, failed } = await services.enrich.enrichWaiting(ENRICH_BATCH);
      total += processed + failed;
      // Stories analysed in this batch may alert the users who hold or watch them
      // (modules/alerts): queued per batch, so a burst's first alerts need not wait for its end.
      if (processed > 0) {
        await jobs.enqueue('alerts.fan-out', {
          since: batchStarted.toISOString(),
          until: services.clock.now().toISOString(),
        });
      }
      if (processed + failed < ENRICH_BATCH) break;
    }
    if (total > 0) log.info({ articles: total }, 'enriched news');
    // Newly processed articles are new inputs of the company analyses.
    if (total > 0) await jobs.enqueue('company.analyze', {}, { singletonKey: 'after-enrich' });
  },
});
