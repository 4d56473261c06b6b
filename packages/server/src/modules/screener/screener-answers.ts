import type { NoticeHub } from '../../db/notice-hub.ts';
import { createAnswerCache } from '../../cache/answer-cache.ts';

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
 * Screener answers (serialised) of visitors' screens kept in each API process until the next metrics refresh:
 * the metrics change only when the refresh job rewrites them, which NOTIFYs `stockpulse_screener`
 * after its commit; every listening process drops what it kept (the answer cache's own
 * generation keeps a build that overlapped the notice from being stored). The match count of a
 * screen's filters is kept apart from its pages, so paging or re-sorting a screen counts once.
 * Nothing is kept while the process does not listen (a notice could be missed). Screens with
 * personal filters (in my watchlist / portfolio) never come here.
 */
export function createScreenerAnswers(deps: { hub: NoticeHub }) {
  const pages = createAnswerCache({ ttlMs: ANSWER_TTL_MS, maxEntries: 5_000 });
  const counts = createAnswerCache<{ n: number }>({ ttlMs: ANSWER_TTL_MS, maxEntries: 5_000 });
  const forget = () => {
    pages.clear();
    counts.clear();
  };
  const listener = deps.hub.listen({
    channel: SCREENER_CHANNEL,
    label: 'screener answers',
    onNotice: forget,
    onReset: forget,
  });

  return {
    /** The page of `key`, kept while the process listens, else `build()`'s. */
    page(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
      if (!listener.isListening()) {
        listener.ensureListening();
        return build();
      }
      return pages.get(key, async () => ({ body: await build() }));
    },

    /** The match count of `key` (a screen's filters), kept while the process listens. */
    async count(key: string, build: () => Promise<number>): Promise<number> {
      if (!listener.isListening()) {
        listener.ensureListening();
        return build();
      }
      return (await counts.get(key, async () => ({ body: { n: await build() } }))).n;
    },

    /** Starts listening and waits for it (tests, start-up). */
    ready: () => listener.ready(),

    /** How many pages and counts are kept (for tests). */
    stats: () => ({ pages: pages.size, counts: counts.size, listening: listener.isListening() }),

    close: () => listener.close(),
  };
}

export type ScreenerAnswers = ReturnType<typeof createScreenerAnswers>;
