import type { FastifyBaseLogger } from 'fastify';
import {
  createCircuitBreaker,
  DEFAULT_BREAKER,
  type CircuitBreakerOptions,
} from './circuit-breaker.ts';
import { LlmCallError } from './llm-call-error.ts';
import { DEFAULT_RETRY, withRetries, type RetryPolicy } from './retry.ts';

/** How a provider calls its language model: retries and when to stop calling one that fails. */
export interface GuardOptions {
  retry?: RetryPolicy;
  /** When to stop calling a model that keeps failing; see circuit-breaker.ts. */
  breaker?: CircuitBreakerOptions;
  log: FastifyBaseLogger;
}

/** The reason a call failed, short enough for a log line and the stored `provider`. */
export function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 200);
}

/**
 * A provider's language-model calls behind one circuit breaker: a call is refused at once while
 * the breaker is open, transient failures are retried (each retry logged with the call's task),
 * and each call's outcome counts on the breaker. Build it once per provider: the breaker's state
 * lives in it.
 */
export function createGuardedCalls(options: GuardOptions) {
  const retry = options.retry ?? DEFAULT_RETRY;
  const breaker = createCircuitBreaker(options.breaker ?? DEFAULT_BREAKER);
  return async function guarded<T>(task: string, call: () => Promise<T>): Promise<T> {
    const skip = breaker.skipReason();
    if (skip) throw new LlmCallError(skip, { retryable: false });
    try {
      const answer = await withRetries(call, retry, (error, delayMs, attempt) =>
        options.log.info(
          { task, attempt, delayMs, reason: error.message },
          'retrying the language model',
        ),
      );
      breaker.success();
      return answer;
    } catch (error) {
      breaker.failure(failureReason(error));
      throw error;
    }
  };
}
