import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';

/**
 * Every 15 minutes, once when a worker starts, and after the analyst enriched articles: company
 * analyses of the busiest companies whose news or price moved since their last analysis.
 */
export const analyzeCompaniesJob = defineJob({
  name: 'company.analyze',
  payload: JOB_PAYLOADS['company.analyze'],
  retry: { retryLimit: 1, retryDelaySeconds: 60, backoff: false, expireInSeconds: 900 },
  schedule: { cron: '*/15 * * * *', data: {} },
  handler: async (_data, { services, log }) => {
    const result = await services.analysis.analyzeChanged();
    if (result.written > 0 || result.failed > 0) log.info(result, 'wrote company analyses');
  },
});

export const analysisJobs = [analyzeCompaniesJob] as const;
