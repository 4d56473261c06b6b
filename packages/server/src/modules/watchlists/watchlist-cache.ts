import type { NoticeHub } from '../../db/notice-hub.ts';
import { createNotifiedUserCache } from '../../db/notified-user-cache.ts';

/** Where the database announces changed watchlists (migration 2026-11-30T1300-watchlist-notify). */
export const WATCHLISTS_CHANNEL = 'stockpulse_watchlists';

/**
 * The symbols of users' watchlists kept in each API process (`/news/my_portfolio`
 * read the caller's default list by primary key on every call, before its cached answer): a
 * trigger NOTIFYs every change of a watchlist row with its user's id, each process drops that
 * user's lists, and a write through the watchlist service answers after every process dropped
 * them (`db/notified-user-cache.ts`).
 */
export function createWatchlistCache(deps: { hub: NoticeHub }) {
  // A list's symbols, or null for a list the user does not have.
  const cache = createNotifiedUserCache<readonly string[] | null>({
    ...deps,
    channel: WATCHLISTS_CHANNEL,
    label: 'watchlist cache',
  });
  return {
    /** The symbols of `userId`'s list `name` (null: no such list) from memory, else `load()`'s. */
    async list(
      userId: string,
      name: string,
      load: () => Promise<readonly string[] | null>,
    ): Promise<readonly string[] | null> {
      return cache.get(userId, `${userId}\u0000${name}`, async () => {
        const symbols = await load();
        return symbols && Object.freeze([...symbols]);
      });
    },
    ready: cache.ready,
    changed: cache.changed,
    stats: cache.stats,
    close: cache.close,
  };
}

export type WatchlistCache = ReturnType<typeof createWatchlistCache>;
