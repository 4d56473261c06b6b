import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';
import { PROMPT_MAX_ATTEMPTS, PROMPT_RETRY_DELAY_SECONDS } from './prompt-rules.ts';

/**
 * One job per prompt: writes its answer. Enqueued with the owner's plan priority (pg-boss runs
 * higher priorities first, then the oldest); `AI_CONCURRENCY` answers at a time per worker; a
 * failed attempt is retried with exponential backoff, and the last one ends the prompt FAILED.
 */
export const answerPromptJob = defineJob({
  name: 'prompts.answer',
  payload: JOB_PAYLOADS['prompts.answer'],
  retry: {
    retryLimit: PROMPT_MAX_ATTEMPTS - 1,
    retryDelaySeconds: PROMPT_RETRY_DELAY_SECONDS,
    backoff: true,
    expireInSeconds: 300,
  },
  concurrency: ({ services }) => services.config.aiConcurrency,
  // Someone is waiting for the answer: the worker starts on it at once.
  wakeOnSend: true,
  handler: async ({ promptId }, { services, log }) => {
    const result = await services.prompts.answer(promptId);
    if (result !== 'answered') log.info({ promptId, result }, 'prompt not answered');
  },
});

/**
 * Every minute: waiting prompts whose job is gone are queued again (or end FAILED once their
 * attempts are spent), so no prompt stays INDEX for ever; removed prompts are purged.
 */
export const sweepPromptsJob = defineJob({
  name: 'prompts.sweep',
  payload: JOB_PAYLOADS['prompts.sweep'],
  retry: { retryLimit: 0, retryDelaySeconds: 60, backoff: false, expireInSeconds: 120 },
  schedule: { cron: '* * * * *', data: {} },
  handler: async (_data, { services, log }) => {
    const result = await services.prompts.sweep();
    if (result.requeued + result.failed + result.purged > 0) log.info(result, 'swept prompts');
  },
});

export const promptJobs = [answerPromptJob, sweepPromptsJob] as const;
