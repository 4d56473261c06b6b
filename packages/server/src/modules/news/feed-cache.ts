import type { Database } from '../../db/database.ts';

/**
 * A short-lived cache of `/news/query` answers. Every visitor of a feed asks the same question
 * (the latest 20 of latest_ai, bullish, defcon …), so one answer serves everyone for a few
 * seconds; the spec's `no_cache=1` (sent by the 'latest' feed) skips it. Bounded (least recently
 * used entries go first) and per process: with several API processes each keeps its own, and the
 * short lifetime bounds how stale any of them can be. Hiding an article clears it at once.
 */
export type FeedCache = {
  get(key: string): Buffer | undefined;
  set(key: string, body: Buffer): void;
  clear(): void;
  readonly size: number;
};

export const FEED_CACHE_TTL_MS = 5_000;
export const FEED_CACHE_MAX_ENTRIES = 500;

export function createFeedCache(
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): FeedCache {
  const ttlMs = options.ttlMs ?? FEED_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? FEED_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { body: Buffer; expires: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expires <= now()) return undefined;
      entries.set(key, entry); // most recently used last
      return entry.body;
    },
    set(key, body) {
      entries.delete(key);
      entries.set(key, { body, expires: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

const caches = new WeakMap<Database, FeedCache>();

/** The feed cache of one database (shared by the news routes and the article setter). */
export function feedCacheFor(db: Database): FeedCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createFeedCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The cache key of a feed question: who may see blocked articles, and the parameters in a fixed
 * order without the caller's `key` (the session token some clients append to every call), so
 * every visitor and user shares the one answer.
 */
export function feedCacheKey(admin: boolean, query: Record<string, unknown>): string {
  const params = Object.entries(query)
    .filter(([name]) => name !== 'key')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${admin ? 'admin' : 'public'}:${JSON.stringify(params)}`;
}
