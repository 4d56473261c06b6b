import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { FeedCache } from './feed-cache.ts';
import type { ArticleJson, NewsRepository } from './news.repository.ts';

/**
 * How long an article page, a company's news page or a search answer is reused, like the feed
 * cache: every reader of a busy article or company asks the same question. Any write to articles
 * through this process's repository (ingest, analysis, hiding, stories) clears it at once; with
 * several processes another one's writes show within this time.
 */
export const NEWS_READ_CACHE_TTL_MS = 5_000;
export const NEWS_READ_CACHE_MAX = 2_000;

/**
 * A cached answer asked in its last second is reloaded in the background while it is still
 * served: a busy question's readers never wait for its query when it expires (each
 * expiry of a search, a company page or a feed stalled every request for it meanwhile, the p99 of
 * bench/news). What is served is never older than before: an entry is served only within its
 * lifetime and replaced by the reload. A question nobody asks in that last second expires as
 * before, so only busy questions are reloaded, about every 4 s instead of every 5 s.
 */
export const NEWS_REFRESH_AHEAD_MS = 1_000;

/** Whether two loads of a list read the same articles, byte for byte. */
const sameArticles = (a: readonly ArticleJson[], b: readonly ArticleJson[]) =>
  a.length === b.length &&
  a.every((row, i) => {
    const other = b.at(i);
    return other !== undefined && row.id === other.id && row.article === other.article;
  });

/**
 * The news service's kept answers: article lists by question (an article page, a company's news,
 * a search), questions being answered now shared by their askers, reloads ahead of expiry, and
 * everything forgotten (the feed cache too) at any write through this process's repository.
 */
export function createNewsReadCache(deps: {
  repository: Pick<NewsRepository, 'onWrite'>;
  feedCache: FeedCache;
  /** Each loaded list is checked (malformed stored articles left out). */
  keepValid: (rows: ArticleJson[]) => ArticleJson[];
  log?: FastifyBaseLogger | undefined;
  monotonicNow?: (() => number) | undefined;
}) {
  const { repository, feedCache, keepValid } = deps;
  const reads = new LRUCache<string, ArticleJson[]>({
    max: NEWS_READ_CACHE_MAX,
    ttl: NEWS_READ_CACHE_TTL_MS,
    ...(deps.monotonicNow && { ttlResolution: 0, perf: { now: deps.monotonicNow } }),
  });
  /**
   * Questions being answered now, by key: the same question asked meanwhile (32 readers of the
   * latest feed with `no_cache=1`, everyone when a cached answer expires) waits for that one
   * query instead of running its own. The answer is then at most one query's time older than the
   * request (about a millisecond), never an answer from before a write: a write forgets them.
   */
  const inFlight = new Map<string, Promise<unknown>>();
  const shared = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const pending = inFlight.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const started = load().finally(() => {
      if (inFlight.get(key) === started) inFlight.delete(key);
    });
    inFlight.set(key, started);
    return started;
  };
  /** Counts writes: an answer loaded across a write is sent but not kept. */
  let writes = 0;
  repository.onWrite(() => {
    writes += 1;
    reads.clear();
    feedCache.clear();
    inFlight.clear();
  });
  /** Starts `reload` unless it runs already; a failure is logged (the entry then expires). */
  const refreshAhead = (key: string, reload: () => Promise<unknown>) => {
    if (inFlight.has(key)) return;
    reload().catch((error: unknown) => {
      deps.log?.warn({ err: error, key }, 'news: a cached answer could not be refreshed ahead');
    });
  };
  /**
   * `key`'s answer from the read cache, else `load`'s (checked per article), kept for a while. A
   * reload that reads the same articles as the answer it replaces keeps that answer's list:
   * the routes keep bytes, ETag and compressed bytes by the list (news.routes.ts, http/), so a
   * busy question refreshed every 4 s is not encoded, hashed and compressed again each time.
   */
  const cached = async (key: string, load: () => Promise<ArticleJson[]>) => {
    const reload = () =>
      shared(`read:${key}`, async () => {
        const before = writes;
        const loaded = keepValid(await load());
        const current = reads.peek(key);
        const rows = current && sameArticles(current, loaded) ? current : loaded;
        if (writes === before) reads.set(key, rows);
        return rows;
      });
    const hit = reads.get(key);
    if (!hit) return reload();
    if (reads.getRemainingTTL(key) <= NEWS_REFRESH_AHEAD_MS) refreshAhead(`read:${key}`, reload);
    return hit;
  };

  return {
    cached,
    /** Drops one question's kept answer (a reader asked for it fresh). */
    forget: (key: string) => {
      reads.delete(key);
    },
    shared,
    refreshAhead,
    /** Writes seen so far: an answer loaded across a write is sent but not kept. */
    writes: () => writes,
  };
}
