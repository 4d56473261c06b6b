import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { createNoticeListener } from '../../db/notice-listener.ts';
import { createUserKeyedEntries } from '../../db/user-keyed-entries.ts';

/** Where the database announces changed watchlists (migration 2026-11-30T1300-watchlist-notify). */
export const WATCHLISTS_CHANNEL = 'stockpulse_watchlists';
/** Lists kept at most; the oldest goes first. */
const MAX_ENTRIES = 50_000;
/** A safety net only: every change is announced, so an entry is normally dropped long before. */
const MAX_AGE_MS = 5 * 60_000;
/** The listeners' connections carry this name, so a write knows whom to wait for. */
const LISTENER_NAME = 'stockpulse-watchlists';

type Entry = { userId: string; symbols: readonly string[]; cachedAt: number };

/**
 * The symbols of users' watchlists kept in each API process (issue 18: `/news/my_portfolio`
 * read the caller's default list by primary key on every call, before its cached answer), safe
 * across processes as the session cache is: the database NOTIFYs every change of a watchlist row
 * with its user's id (a trigger, whoever writes), and one connection per process LISTENs and drops
 * that user's lists. Nothing is served from memory while that connection does not listen; a read
 * is stored only when no notice (nor a reconnect) arrived while it ran. A write through the
 * watchlist service waits (`changed`) until every listening process dropped the user's lists, so
 * the next read anywhere sees it.
 */
export function createWatchlistCache(deps: { db: Database; log?: FastifyBaseLogger }) {
  const { db, log } = deps;
  const entries = createUserKeyedEntries<Entry>(MAX_ENTRIES);
  let hits = 0;
  const listener = createNoticeListener({
    db,
    channel: WATCHLISTS_CHANNEL,
    applicationName: LISTENER_NAME,
    label: 'watchlist cache',
    log,
    // The trigger's notice: a user's watchlist row changed (`*`: the table was truncated).
    onNotice: (payload) => {
      if (payload === '*') {
        listener.bump();
        entries.clear();
      } else dropUser(payload);
    },
    // A write through a service asks every listener to confirm: drop, then acknowledge.
    onConfirmRequest: (userId) => dropUser(userId),
    onReset: () => entries.clear(),
  });

  const keyOf = (userId: string, name: string) => `${userId}\u0000${name}`;

  function dropUser(userId: string) {
    listener.bump();
    entries.dropUser(userId);
  }

  return {
    /**
     * The symbols of `userId`'s list `name` from memory, else `load()`'s (kept when nothing
     * changed while it ran). Starts listening on first use; until it listens every call loads.
     */
    async symbols(
      userId: string,
      name: string,
      load: () => Promise<readonly string[]>,
    ): Promise<string[]> {
      if (!listener.isListening()) {
        listener.ensureListening();
        return [...(await load())];
      }
      const key = keyOf(userId, name);
      const entry = entries.get(key);
      if (entry && performance.now() - entry.cachedAt <= MAX_AGE_MS) {
        hits += 1;
        return [...entry.symbols];
      }
      const mark = listener.generation();
      const symbols = Object.freeze([...(await load())]);
      if (listener.isListening() && mark === listener.generation())
        entries.set(key, { userId, symbols, cachedAt: performance.now() });
      return [...symbols];
    },

    /**
     * Listens before a write (a failure is not thrown: the cache then serves nothing), so the
     * write's confirmation below can reach every process.
     */
    ready: listener.ready,

    /**
     * Called after a write of `userId`'s lists committed: drops them here at once, then asks every
     * listening process by NOTIFY to drop them and waits until each one (by backend pid)
     * acknowledged — so a read that reaches any process after the write's answer sees it. A
     * process that does not answer within two seconds (it died) is not waited for.
     */
    async changed(userId: string): Promise<void> {
      dropUser(userId);
      await listener.confirmEverywhere(userId);
    },

    /** Whether entries may be served, how many there are, and the hits so far; for tests. */
    stats: () => ({ listening: listener.isListening(), entries: entries.size(), hits }),

    close: listener.close,
  };
}

export type WatchlistCache = ReturnType<typeof createWatchlistCache>;
