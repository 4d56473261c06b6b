import { inspect } from 'node:util';
import createYahooFinance from 'yahoo-finance2/createYahooFinance';
import { ExtendedCookieJar } from 'yahoo-finance2/lib/cookieJar';
import { getCrumbClear } from 'yahoo-finance2/lib/getCrumb';
import chart from 'yahoo-finance2/modules/chart';
import quote from 'yahoo-finance2/modules/quote';
import quoteSummary from 'yahoo-finance2/modules/quoteSummary';
import search from 'yahoo-finance2/modules/search';
import type { RateLimiter } from './rate-limiter.ts';
import { createYahooFetch, type WarnLog } from './yahoo-fetch.ts';

const YahooFinance = createYahooFinance({ modules: { chart, quote, quoteSummary, search } });

const describe = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  // yahoo-finance2's schema failures carry the offending paths in `errors`.
  const details = (error as { errors?: { instancePath?: string; message?: string }[] | null })
    .errors;
  const first = details?.[0];
  return first
    ? `${error.message} (${first.instancePath ?? ''}: ${first.message ?? ''})`
    : error.message;
};

/** Yahoo's answer for a symbol it does not know (404 with a JSON error). */
export const isNotFound = (error: unknown) =>
  error instanceof Error &&
  ((error as { code?: unknown }).code === 404 ||
    /not found|no data found|symbol may be delisted/i.test(error.message));

const isStaleCrumb = (error: unknown) =>
  error instanceof Error && /invalid (crumb|cookie)/i.test(error.message);

/**
 * One yahoo-finance2 client with its own cookie jar, every HTTP request paced by `limiter`, the
 * library's warnings in our log; `call` runs one of its calls, fetching a rejected crumb afresh
 * once, and names the operation in a failure.
 */
export function createYahooClient(options: {
  baseUrl?: string | undefined;
  limiter: RateLimiter;
  concurrency: number;
  timeoutMs: number;
  maxRetries: number;
  log?: WarnLog | undefined;
}) {
  const { log, limiter, concurrency } = options;
  const cookieJar = new ExtendedCookieJar();
  const forward =
    (level: string) =>
    (...args: unknown[]) =>
      log?.warn(
        { source: 'yahoo-finance2', level },
        args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 3 }))).join(' '),
      );
  const yahoo = new YahooFinance({
    fetch: createYahooFetch({
      baseUrl: options.baseUrl,
      limiter,
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
      log,
    }),
    // One jar per provider: the library's default jar (and the crumb kept with it) is shared.
    cookieJar,
    queue: { concurrency },
    suppressNotices: ['yahooSurvey', 'ripHistorical'],
    // The version check would call the npm registry on every validation failure.
    versionCheck: false,
    validation: { logErrors: false, logOptionsErrors: false },
    logger: {
      info: () => {},
      debug: () => {},
      dir: () => {},
      warn: forward('warn'),
      error: forward('error'),
    },
  });

  /** Runs a library call; a rejected crumb is fetched afresh once; failures name the operation. */
  async function call<T>(what: string, task: () => Promise<T>): Promise<T> {
    try {
      try {
        return await task();
      } catch (error) {
        if (!isStaleCrumb(error)) throw error;
        await getCrumbClear(cookieJar);
        return await task();
      }
    } catch (error) {
      throw new Error(`Yahoo ${what} failed: ${describe(error)}`, { cause: error });
    }
  }

  return { yahoo, call };
}

export type YahooClient = ReturnType<typeof createYahooClient>;
