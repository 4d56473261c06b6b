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
    if (result.stored > 0 || result.updated > 0) {
      await jobs.enqueue('news.enrich', {}, { singletonKey: 'after-ingest' });
      // The screener counts the week's articles per listing.
      await jobs.enqueue(
        'screener.refresh-metrics',
        { fundamentals: false },
        { singletonKey: 'after-ingest' },
      );
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

/**
 * Every minute: the managed feeds whose interval (or back-off) has run out, each fetched once
 * with its validators; new items stored, the analyst woken up.
 */
export const pollFeedsJob = defineJob({
  name: 'news.poll-feeds',
  payload: JOB_PAYLOADS['news.poll-feeds'],
  retry: { retryLimit: 0, retryDelaySeconds: 60, backoff: false, expireInSeconds: 600 },
  schedule: { cron: '* * * * *', data: {} },
  handler: async (_data, { services, jobs, log }) => {
    const result = await services.ingest.ingest({ feedsOnly: true });
    if (result.stored > 0 || result.updated > 0) {
      await jobs.enqueue('news.enrich', {}, { singletonKey: 'after-ingest' });
    }
    if (result.fetched > 0 || result.failed.length > 0) {
      log.info(
        {
          fetched: result.fetched,
          stored: result.stored,
          updated: result.updated,
          failed: result.failed.length,
        },
        'polled news feeds',
      );
    }
  },
});

export const newsJobs = [ingestNewsJob, pollFeedsJob] as const;
