import { LRUCache } from 'lru-cache';

/**
 * Serialised answers of the market's read routes (financials, top growth, history, the company
 * page's calls), kept for a short time per process: every visitor of a company page asks the
 * same few questions, and their data changes only when quotes, bars, profiles or news are
 * refreshed. An answer is built (queried, checked, serialised) once per key and lifetime;
 * concurrent misses of one key share one build. Each entry may shorten its own lifetime (a quote
 * must not outlive its freshness limit). Per process and bounded: with several API processes each
 * keeps its own, and the short lifetime bounds how stale any of them can be; writes made by this
 * process clear it at once.
 */
export type AnswerCache<T extends object = Buffer> = {
  /** The cached body of `key`, or `build()`'s, stored for its `ttlMs` (default: the cache's). */
  get(key: string, build: () => Promise<{ body: T; ttlMs?: number }>): Promise<T>;
  clear(): void;
  readonly size: number;
};

export function createAnswerCache<T extends object = Buffer>(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  /**
   * Refresh ahead: a hit with less than this many ms to live starts one build in the background
   * and is answered from the entry meanwhile, so callers of a busy key never wait for its
   * expiry's rebuild (the whole event loop's tail did while a 1 M-article read and its
   * serialisation ran). No entry is served past its lifetime: a key whose background build has
   * not finished by then waits for it like any miss. A failed background build is dropped; the
   * entry's expiry builds again and reports the error.
   */
  refreshAheadMs?: number;
}): AnswerCache<T> {
  const cache = new LRUCache<string, T>({
    max: options.maxEntries ?? 2_000,
    // lru-cache counts an entry stale once more than `ttl` ms have passed; ours end at ttlMs.
    ttl: Math.max(1, options.ttlMs - 1),
    ttlResolution: 0,
    ...(options.now && { perf: { now: options.now } }),
  });
  const building = new Map<string, Promise<T>>();
  // Bumped by clear(): a build that started before it must not store what it read.
  let generation = 0;
  const refreshAheadMs = options.refreshAheadMs ?? 0;
  const start = (key: string, build: () => Promise<{ body: T; ttlMs?: number }>) => {
    const started = generation;
    const promise = build()
      .then(({ body, ttlMs = options.ttlMs }) => {
        if (ttlMs > 1 && started === generation) cache.set(key, body, { ttl: ttlMs - 1 });
        return body;
      })
      .finally(() => {
        if (building.get(key) === promise) building.delete(key);
      });
    building.set(key, promise);
    return promise;
  };
  return {
    get(key, build) {
      const hit = cache.get(key);
      if (hit) {
        if (
          refreshAheadMs > 0 &&
          !building.has(key) &&
          cache.getRemainingTTL(key) < refreshAheadMs
        ) {
          start(key, build).catch(() => undefined);
        }
        return Promise.resolve(hit);
      }
      return building.get(key) ?? start(key, build);
    },
    clear() {
      generation += 1;
      cache.clear();
      building.clear();
    },
    get size() {
      return cache.size;
    },
  };
}
