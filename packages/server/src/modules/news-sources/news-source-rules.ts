import type { NewsSourceHealth } from '@app/shared/api/news-sources';

/** A feed is disabled after this many failed fetches in a row (an admin resumes it). */
export const DISABLE_AFTER_FAILURES = 10;
/** The longest wait between two tries of a failing feed. */
export const MAX_BACKOFF_MS = 24 * 3_600_000;

/** What a source row says about its health. */
export function healthOf(row: {
  disabled: boolean;
  failures: number;
  last_fetch_at: Date | null;
}): NewsSourceHealth {
  if (row.disabled) return 'disabled';
  if (row.failures > 0) return 'failing';
  return row.last_fetch_at ? 'healthy' : 'pending';
}

/**
 * When to fetch a feed again: its interval after a success; after the n-th failure in a row the
 * interval doubled n times (at most a day), and never before the server's Retry-After.
 */
export function nextFetchAt(
  now: Date,
  intervalSeconds: number,
  failures: number,
  retryAfterMs = 0,
): Date {
  const base = intervalSeconds * 1000;
  const wait = failures === 0 ? base : Math.min(base * 2 ** failures, MAX_BACKOFF_MS);
  return new Date(now.getTime() + Math.max(wait, retryAfterMs));
}

/** The name a feed's articles store as `source`: the NEWS_SOURCES spelling of its first URL. */
export const sourceNameOf = (url: string) => `rss:${url}`;

/** Text from a feed or a server for a column: no control characters (NUL above all), clipped. */
export function storableText(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    out += code < 32 || code === 127 ? ' ' : char;
  }
  return out.replace(/ {2,}/g, ' ').trim().slice(0, max);
}
