import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { createAiProvider } from '../../providers/ai/create-ai-provider.ts';
import { createAnalysisRepository } from './analysis.repository.ts';
import { createAnalysisService } from './analysis.service.ts';

/**
 * Every 15 minutes, once when a worker starts, and after the analyst enriched articles: company
 * analyses of the busiest companies whose news or price moved since their last analysis.
 */
export const analyzeCompaniesJob = defineJob({
  name: 'company.analyze',
  payload: z.object({}),
  retry: { retryLimit: 1, retryDelaySeconds: 60, backoff: false, expireInSeconds: 900 },
  schedule: { cron: '*/15 * * * *', data: {} },
  handler: async (_data, deps) => {
    const service = createAnalysisService({
      repository: createAnalysisRepository(deps.db),
      ai: createAiProvider(deps.config, deps.log),
      log: deps.log,
      clock: deps.clock,
    });
    const result = await service.analyzeChanged();
    if (result.written > 0 || result.failed > 0) deps.log.info(result, 'wrote company analyses');
  },
});

export const analysisJobs = [analyzeCompaniesJob] as const;
