import type { RateLimiter } from './rate-limiter.ts';

/** Where warnings go (a pino logger fits). */
export interface WarnLog {
  warn(obj: object, msg: string): void;
}

/** The longest we wait before retrying a 429, whatever `Retry-After` asks for. */
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Rewrites a Yahoo URL onto `baseUrl`, keeping path and query:
 * `https://query2.finance.yahoo.com/v7/finance/quote?symbols=AAPL` with base
 * `http://127.0.0.1:4010/yahoo` → `http://127.0.0.1:4010/yahoo/v7/finance/quote?symbols=AAPL`.
 * Other hosts are left alone.
 */
export function rewriteYahooUrl(url: string, baseUrl: string | undefined): string {
  if (!baseUrl) return url;
  const target = new URL(url);
  if (target.hostname !== 'yahoo.com' && !target.hostname.endsWith('.yahoo.com')) return url;
  const base = new URL(baseUrl);
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}${target.pathname}${target.search}`;
}

/** Milliseconds a `Retry-After` header (delta seconds or HTTP date) asks us to wait, or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const describe = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
};

/**
 * The `fetch` handed to yahoo-finance2: every request the library makes (crumb and cookie
 * requests included) is rewritten onto `baseUrl` when set, waits for the rate limiter, has its
 * own timeout, and is retried after a 429 (honouring `Retry-After`, else exponential backoff) at
 * most `maxRetries` times. Failures become Errors naming the request's path (never its query,
 * which carries the crumb).
 */
export function createYahooFetch(options: {
  baseUrl?: string | undefined;
  limiter: RateLimiter;
  timeoutMs: number;
  maxRetries: number;
  log?: WarnLog | undefined;
}): typeof fetch {
  const { limiter, timeoutMs, maxRetries, log } = options;

  return async (input, init) => {
    const original =
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = rewriteYahooUrl(original, options.baseUrl);
    const method = init?.method ?? 'GET';
    const where = `${method} ${new URL(original).pathname}`;

    for (let attempt = 0; ; attempt += 1) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await limiter.run(() => fetch(url, { ...init, signal }));
      } catch (error) {
        if (timeout.aborted) {
          throw new Error(`Yahoo request timed out after ${timeoutMs} ms: ${where}`, {
            cause: error,
          });
        }
        throw new Error(`Yahoo request failed: ${where}: ${describe(error)}`, { cause: error });
      }

      if (response.status === 429) {
        await response.body?.cancel();
        if (attempt >= maxRetries) {
          throw new Error(
            `Yahoo rate limit: HTTP 429 for ${where}, still refused after ${maxRetries} retries`,
          );
        }
        const delayMs = Math.min(
          retryAfterMs(response.headers.get('retry-after')) ?? 1000 * 2 ** attempt,
          MAX_RETRY_DELAY_MS,
        );
        limiter.pauseUntil(Date.now() + delayMs);
        log?.warn(
          { request: where, attempt: attempt + 1, retryInMs: delayMs },
          'Yahoo answered 429 Too Many Requests; backing off',
        );
        await sleep(delayMs);
        continue;
      }

      if (response.status >= 500) {
        const text = await response.text().catch(() => '');
        throw new Error(
          `Yahoo answered HTTP ${response.status} for ${where}${text ? `: ${text.slice(0, 200)}` : ''}`,
        );
      }
      return response;
    }
  };
}
