import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { createNewsSources } from '../../providers/news/create-news-sources.ts';
import { DEFAULT_MAX_PAGE_BYTES } from '../../providers/news/full-text/page-fetch.ts';
import { createFullTextReader } from './news-full-text.ts';
import { createNewsIngestService } from './news-ingest.service.ts';

/**
 * Every 10 minutes: the configured sources' new articles, linked to tickers, their pages' full
 * text read (NEWS_FULL_TEXT), stored once each; then the analyst is woken up.
 */
export const ingestNewsJob = defineJob({
  name: 'news.ingest',
  payload: z.object({}),
  retry: { retryLimit: 2, retryDelaySeconds: 60, backoff: true, expireInSeconds: 600 },
  schedule: { cron: '*/10 * * * *', data: {} },
  handler: async (_data, deps) => {
    const service = createNewsIngestService({
      db: deps.db,
      sources: createNewsSources(deps.config, {
        db: deps.db,
        marketData: deps.marketData,
        log: deps.log,
        now: () => deps.clock.now(),
      }),
      log: deps.log,
      fullText: deps.config.newsFullText
        ? {
            read: createFullTextReader({
              timeoutMs: deps.config.newsFetchTimeoutMs,
              maxBytes: DEFAULT_MAX_PAGE_BYTES,
            }),
          }
        : undefined,
    });
    const result = await service.ingest();
    // The analyst takes new articles at once instead of at its next minute.
    if (result.stored > 0) {
      await deps.jobs.enqueue('news.enrich', {}, { singletonKey: 'after-ingest' });
    }
    deps.log.info(
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
