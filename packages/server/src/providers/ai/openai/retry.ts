import { LlmCallError } from './llm-call-error.ts';

/** How an LLM call is retried. */
export interface RetryPolicy {
  /** Attempts after the first one. */
  retries: number;
  /** Wait before the first retry; doubled for each later one (with ±20 % jitter). */
  baseDelayMs: number;
  /** Cap on any wait, `Retry-After` included: a server asking for minutes gets the fallback. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 1_000, maxDelayMs: 10_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it succeeds, it throws an error that is not a retryable
 * {@link LlmCallError}, or the retries are spent (the last error is thrown).
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  onRetry?: (error: LlmCallError, delayMs: number, retry: number) => void,
): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof LlmCallError) || !error.retryable || retry >= policy.retries) {
        throw error;
      }
      const backoff = policy.baseDelayMs * 2 ** retry * (0.8 + Math.random() * 0.4);
      const delayMs = Math.round(Math.min(error.retryAfterMs ?? backoff, policy.maxDelayMs));
      onRetry?.(error, delayMs, retry + 1);
      await sleep(delayMs);
    }
  }
}
