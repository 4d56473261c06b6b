import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';

/**
 * Every 10 minutes: the configured sources' new articles, linked to tickers, their pages' full
 * text read (NEWS_FULL_TEXT), stored once each; then the analyst is woken up.
 */
export const ingestNewsJob = defineJob({
  name: 'news.ingest',
  payload: JOB_PAYLOADS['news.ingest'],
  retry: { retryLimit: 2, retryDelaySeconds: 60, backoff: true, expireInSeconds: 600 },
  schedule: { cron: '*/10 * * * *', data: {} },
  handler: async (_data, { services, jobs, log }) => {
    const result = await services.ingest.ingest();
    // The analyst takes new articles at once instead of at its next minute.
    if (result.stored > 0) {
      await jobs.enqueue('news.enrich', {}, { singletonKey: 'after-ingest' });
    }
    log.info(
      {
        fetched: result.fetched,
        stored: result.stored,
        fullText: result.fullText,
        failed: result.failed.length,
      },
      'ingested news',
    );
  },
});

export const newsJobs = [ingestNewsJob] as const;
