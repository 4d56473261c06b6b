import { LRUCache } from 'lru-cache';

/**
 * A short-lived cache of `/news/query` answers. Every visitor of a feed asks the same question
 * (the latest 20 of latest_ai, bullish, defcon …), so one answer serves everyone for a few
 * seconds; the spec's `no_cache=1` (sent by the 'latest' feed) skips it. Bounded (least recently
 * used entries go first) and per process: with several API processes each keeps its own, and the
 * short lifetime bounds how stale any of them can be. Hiding an article clears it at once.
 */
export type FeedCache = {
  get(key: string): Buffer | undefined;
  /** How long `key`'s answer has left (ms; 0 when absent): a busy one is refreshed ahead. */
  remainingMs(key: string): number;
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
  const cache = new LRUCache<string, Buffer>({
    max: options.maxEntries ?? FEED_CACHE_MAX_ENTRIES,
    // lru-cache counts an entry stale once more than `ttl` ms have passed; ours end at ttlMs.
    ttl: ttlMs - 1,
    ttlResolution: 0,
    ...(options.now && { perf: { now: options.now } }),
  });
  return {
    get: (key) => cache.get(key),
    remainingMs: (key) => Math.max(0, cache.getRemainingTTL(key)),
    set: (key, body) => void cache.set(key, body),
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
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

/** Feed query strings remembered with their cache keys, at most (`createSeenFeedQueries`). */
export const FEED_QUERIES_SEEN_MAX = 1_000;
/** … and characters of query strings and keys together (a caller's long ones cannot fill memory). */
const FEED_QUERIES_SEEN_MAX_CHARS = 1_000_000;

/**
 * Feed questions already parsed, by their query string as sent with the viewer's audience:
 * a visitor's feed is answered from the feed cache, but parsing the question and writing its cache
 * key on every hit were about 10 % of the API's CPU serving the cached latest_ai feed. The news
 * service sends a question seen before straight to its cached answer while that answer has more than its refresh-ahead second left; otherwise (a miss,
 * `no_cache`, an answer to refresh, a question never seen or forgotten) it parses it as before, so
 * a bad question is always a 400.
 */
export function createSeenFeedQueries() {
  return new LRUCache<string, { key: string; noCache: boolean }>({
    max: FEED_QUERIES_SEEN_MAX,
    maxSize: FEED_QUERIES_SEEN_MAX_CHARS,
    sizeCalculation: (seen, raw) => raw.length + seen.key.length,
  });
}
