import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { createAiProvider } from '../../providers/ai/create-ai-provider.ts';
import { createNewsEnrichService, ENRICH_BATCH } from './news-enrich.service.ts';

/** Every minute: the analyst enriches waiting articles, newest first, until none are left. */
export const enrichNewsJob = defineJob({
  name: 'news.enrich',
  payload: z.object({}),
  retry: { retryLimit: 1, retryDelaySeconds: 30, backoff: false, expireInSeconds: 600 },
  schedule: { cron: '* * * * *', data: {} },
  handler: async (_data, deps) => {
    const service = createNewsEnrichService({
      db: deps.db,
      ai: createAiProvider(deps.config, deps.log),
      log: deps.log,
    });
    let total = 0;
    for (;;) {
      const { processed, failed } = await service.enrichWaiting(ENRICH_BATCH);
      total += processed + failed;
      if (processed + failed < ENRICH_BATCH) break;
    }
    if (total > 0) deps.log.info({ articles: total }, 'enriched news');
    // Newly processed articles are new inputs of the company analyses.
    if (total > 0) await deps.jobs.enqueue('company.analyze', {}, { singletonKey: 'after-enrich' });
  },
});
