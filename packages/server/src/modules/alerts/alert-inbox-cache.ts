import type { NoticeHub } from '../../db/notice-hub.ts';
import { createNotifiedUserCache } from '../../db/notified-user-cache.ts';

/** Where the database announces a changed bell (migration 2026-11-30T1510-alert-inbox-notify). */
export const ALERT_INBOX_CHANNEL = 'stockpulse_alert_inbox';
/** Bells kept per process at most (an answer of 10 alerts is ~2.5 KB, its compressed bytes ~1 KB). */
const MAX_BELLS = 10_000;

/**
 * Users' bell pages (`/alerts/mine`) kept in each API process, which the route writes once and
 * compresses once per kept page (`http/kept-answer.ts`, `http/kept-json.ts`) (every signed-in page asks
 * the bell, and the API waited half its time on PostgreSQL for it). A trigger NOTIFYs every change
 * of a user's alerts or read watermark, each process drops that user's answers, and a write
 * through the alerts service answers (or publishes its live `alerts` event) only after every
 * process dropped them (`db/notified-user-cache.ts`, as the watchlist and settings caches).
 */
export function createAlertInboxCache(deps: { hub: NoticeHub }) {
  const cache = createNotifiedUserCache<object>({
    ...deps,
    channel: ALERT_INBOX_CHANNEL,
    label: 'alerts bell cache',
    maxEntries: MAX_BELLS,
  });
  return {
    /**
     * `userId`'s bell page (`skip`, `limit`) for a plan that does or does not include instant
     * alerts now, from memory, else `load()`'s (kept frozen: its route's bytes are keyed by it).
     */
    page: <T extends object>(
      userId: string,
      page: { skip: number; limit: number; instant: boolean },
      load: () => Promise<T>,
    ): Promise<T> =>
      // One key is always loaded by the same call, so its kept value is that load's type.
      cache.get(
        userId,
        `${userId}:${String(page.skip)}:${String(page.limit)}:${page.instant ? 1 : 0}`,
        async () => Object.freeze(await load()),
      ) as Promise<T>,
    ready: cache.ready,
    changed: cache.changed,
    changedMany: cache.changedMany,
    stats: cache.stats,
    close: cache.close,
  };
}

export type AlertInboxCache = ReturnType<typeof createAlertInboxCache>;
