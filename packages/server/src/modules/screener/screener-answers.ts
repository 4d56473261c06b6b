import type { FastifyBaseLogger } from 'fastify';
import type { NoticeHub } from '../../db/notice-hub.ts';
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
/** A failed snapshot load is not tried again for this long (screens read SQL meanwhile). */
const LOAD_RETRY_MS = 10_000;

/**
 * What each API process keeps of the screener until the next metrics refresh: the metrics change
 * only when the refresh job rewrites them, which NOTIFYs `stockpulse_screener` after its commit;
 * on that notice every listening process drops, in one step, what it kept.
 *
 * - The snapshot (SCREENER_SNAPSHOT): every listing's metrics in memory as columns, loaded in the
 *   background at first use after a notice, with its indexes built, which answers any screen
 *   without PostgreSQL (screener-snapshot.ts); until it is ready, screens read PostgreSQL. A load that overlapped
 *   a notice is not kept (another starts).
 * - Kept answers (SCREENER_CACHE): visitors' screens and each screen's match count,
 *   kept apart so paging or re-sorting a screen counts once; the answer cache's own generation
 *   keeps a build that overlapped the notice from being stored. Screens with personal filters (in
 *   my watchlist / portfolio) never come here.
 *
 * Nothing is served from memory while the process does not listen (a notice could be missed).
 */
export function createScreenerAnswers(deps: {
  hub: NoticeHub;
  log?: FastifyBaseLogger;
  /** Keep visitors' answers (SCREENER_CACHE). */
  keepAnswers: boolean;
  /** Every listing's metrics, for the snapshot (SCREENER_SNAPSHOT); absent: no snapshot. */
  loadMetrics?: () => Promise<ScreenerMetricsDump>;
}) {
  const { keepAnswers, loadMetrics } = deps;
  const pages = createAnswerCache<object>({ ttlMs: ANSWER_TTL_MS, maxEntries: 5_000 });
  const counts = createAnswerCache<{ n: number }>({ ttlMs: ANSWER_TTL_MS, maxEntries: 5_000 });
  let generation = 0;
  let held: ScreenerSnapshot | undefined;
  let loading: Promise<void> | undefined;
  let retryAt = 0;
  /**
   * Screens answered from the snapshot, and reads sent to PostgreSQL instead (no snapshot: not
   * listening, loading; or a filter it cannot evaluate), since the process started.
   */
  const served = { snapshot: 0, sql: 0 };
  const forget = () => {
    generation += 1;
    held = undefined;
    pages.clear();
    counts.clear();
  };
  const listener = deps.hub.keptWhileListening({
    channel: SCREENER_CHANNEL,
    label: 'screener answers',
    forget,
  });
  const listening = listener.listens;

  /** The snapshot, its pages counted as answered from it or (a filter it cannot evaluate) not. */
  function counted(snapshot: ScreenerSnapshot): ScreenerSnapshot {
    return {
      ...snapshot,
      page: (ast, symbols) => {
        const page = snapshot.page(ast, symbols);
        served[page ? 'snapshot' : 'sql'] += 1;
        return page;
      },
    };
  }

  /** Loads the snapshot of the current generation unless a load is under way or failed lately. */
  function startLoad(load: () => Promise<ScreenerMetricsDump>) {
    if (loading !== undefined || performance.now() < retryAt) return;
    const started = generation;
    loading = load()
      .then(async (dump) => {
        const made = createScreenerSnapshot(dump);
        await made.prepare();
        // A load that overlapped a notice may hold the old metrics: it is not kept.
        if (started === generation) held = counted(made);
      })
      .catch((error: unknown) => {
        retryAt = performance.now() + LOAD_RETRY_MS;
        deps.log?.warn({ err: error }, 'screener snapshot: the load failed; screens read SQL');
      })
      .finally(() => {
        loading = undefined;
        if (started !== generation && listener.isListening()) startLoad(load);
      });
  }

  return {
    /** The page of `key` (its route writes it once), kept while the process listens, else `build()`'s. */
    page<T extends object>(key: string, build: () => Promise<T>): Promise<T> {
      if (!keepAnswers || !listening()) return build();
      // A key is always built by the same call, so its kept value is that build's.
      return pages.get(key, async () => ({ body: await build() })) as Promise<T>;
    },

    /** The match count of `key` (a screen's filters), kept while the process listens. */
    async count(key: string, build: () => Promise<number>): Promise<number> {
      if (!keepAnswers || !listening()) return build();
      return (await counts.get(key, async () => ({ body: { n: await build() } }))).n;
    },

    /**
     * The metrics snapshot of the current refresh, or null (PostgreSQL answers) while there is
     * none: without SCREENER_SNAPSHOT, while the process does not listen, while it loads.
     */
    snapshot(): ScreenerSnapshot | null {
      if (!loadMetrics) return null;
      if (listening() && held) return held;
      served.sql += 1;
      if (listener.isListening()) startLoad(loadMetrics);
      return null;
    },

    /** Waits for a load under way (tests, the bench). */
    loaded: async (): Promise<void> => {
      await loading;
    },

    /** Starts listening and waits for it (tests, start-up). */
    ready: () => listener.ready(),

    /**
     * How many pages and counts are kept, the snapshot's listings, and how many reads the snapshot
     * answered and how many went to PostgreSQL (for tests and diagnosis).
     */
    stats: () => ({
      pages: pages.size,
      counts: counts.size,
      listening: listener.isListening(),
      snapshot: held?.size ?? null,
      served: { ...served },
    }),

    close: () => listener.close(),
  };
}

export type ScreenerAnswers = ReturnType<typeof createScreenerAnswers>;
