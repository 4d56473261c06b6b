import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { createNoticeListener } from '../../db/notice-listener.ts';
import { createAnswerCache } from '../../cache/answer-cache.ts';
import { createScreenerSnapshot, type ScreenerSnapshot } from './screener-snapshot.ts';
import type { ScreenerMetricsDump } from './screener-snapshot.repository.ts';

/** Where the metrics refresh announces that `screener_metrics` was rewritten (its commit). */
export const SCREENER_CHANNEL = 'stockpulse_screener';
/** The refresh's notice. */
export const METRICS_REFRESHED = 'metrics';

/**
 * How long an answer is kept at most: the refresh runs every 15 minutes and its notice drops every
 * answer; the lifetime only bounds memory of screens nobody asks again.
 */
const ANSWER_TTL_MS = 20 * 60_000;

/**
 * What each API process keeps of the screener until the next metrics refresh: the metrics change
 * only when the refresh job rewrites them, which NOTIFYs `stockpulse_screener` after its commit;
 * on that notice every listening process drops, in one step, what it kept.
 *
 * - The snapshot (SCREENER_SNAPSHOT): every listing's metrics in memory as columns, loaded at first
 *   use after a notice, which answers any screen without PostgreSQL (screener-snapshot.ts). A load
 *   that overlapped a notice serves the requests that waited for it but is not kept.
 * - Kept answers (SCREENER_CACHE): visitors' screens (serialised) and each screen's match count,
 *   kept apart so paging or re-sorting a screen counts once; the answer cache's own generation
 *   keeps a build that overlapped the notice from being stored. Screens with personal filters (in
 *   my watchlist / portfolio) never come here.
 *
 * Nothing is served from memory while the process does not listen (a notice could be missed).
 */
export function createScreenerAnswers(deps: {
  db: Database;
  log?: FastifyBaseLogger;
  /** Keep visitors' answers (SCREENER_CACHE). */
  keepAnswers: boolean;
  /** Every listing's metrics, for the snapshot (SCREENER_SNAPSHOT); absent: no snapshot. */
  loadMetrics?: () => Promise<ScreenerMetricsDump>;
}) {
  const { keepAnswers, loadMetrics } = deps;
  const pages = createAnswerCache({ ttlMs: ANSWER_TTL_MS, maxEntries: 5_000 });
  const counts = createAnswerCache<{ n: number }>({ ttlMs: ANSWER_TTL_MS, maxEntries: 5_000 });
  let generation = 0;
  let held: ScreenerSnapshot | undefined;
  let loading: { promise: Promise<ScreenerSnapshot>; generation: number } | undefined;
  const forget = () => {
    generation += 1;
    held = undefined;
    pages.clear();
    counts.clear();
  };
  const listener = createNoticeListener({
    db: deps.db,
    channel: SCREENER_CHANNEL,
    applicationName: 'stockpulse-screener',
    label: 'screener answers',
    log: deps.log,
    onNotice: forget,
    onReset: forget,
  });
  const listening = () => {
    if (listener.isListening()) return true;
    listener.ensureListening();
    return false;
  };

  function loadSnapshot(load: () => Promise<ScreenerMetricsDump>): Promise<ScreenerSnapshot> {
    if (loading && loading.generation === generation) return loading.promise;
    const started = generation;
    const promise = load().then((dump) => {
      const snapshot = createScreenerSnapshot(dump);
      if (started === generation) held = snapshot;
      return snapshot;
    });
    const current = { promise, generation: started };
    loading = current;
    const done = () => {
      if (loading === current) loading = undefined;
    };
    promise.then(done, done);
    return promise;
  }

  return {
    /** The page of `key`, kept while the process listens, else `build()`'s. */
    page(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
      if (!keepAnswers || !listening()) return build();
      return pages.get(key, async () => ({ body: await build() }));
    },

    /** The match count of `key` (a screen's filters), kept while the process listens. */
    async count(key: string, build: () => Promise<number>): Promise<number> {
      if (!keepAnswers || !listening()) return build();
      return (await counts.get(key, async () => ({ body: { n: await build() } }))).n;
    },

    /** The metrics snapshot of the current refresh; null without one or while not listening. */
    async snapshot(): Promise<ScreenerSnapshot | null> {
      if (!loadMetrics || !listening()) return null;
      return held ?? loadSnapshot(loadMetrics);
    },

    /** Starts listening and waits for it (tests, start-up). */
    ready: () => listener.ready(),

    /** How many pages and counts are kept, and the snapshot's listings (for tests). */
    stats: () => ({
      pages: pages.size,
      counts: counts.size,
      listening: listener.isListening(),
      snapshot: held?.size ?? null,
    }),

    close: () => listener.close(),
  };
}

export type ScreenerAnswers = ReturnType<typeof createScreenerAnswers>;
