/**
 * A failed LLM call, with what the retry loop needs to know: whether trying again can help
 * (429, 5xx, network, timeout, an answer that is not valid JSON or fails validation) and how
 * long the server asked us to wait.
 */
export class LlmCallError extends Error {
  readonly retryable: boolean;
  /** From `Retry-After` / `retry-after-ms`, when the server sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: { retryable: boolean; retryAfterMs?: number }) {
    super(message);
    this.name = 'LlmCallError';
    this.retryable = options.retryable;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Milliseconds a 429/503 asks us to wait: `retry-after-ms`, else `Retry-After` (seconds or a date). */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
