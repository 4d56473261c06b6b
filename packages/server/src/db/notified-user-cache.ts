import type { NoticeHub } from './notice-hub.ts';
import { createUserKeyedEntries } from './user-keyed-entries.ts';

/** Entries kept at most by default; the oldest goes first. */
const MAX_ENTRIES = 50_000;
/** A safety net only: every change is announced, so an entry is normally dropped long before. */
const MAX_AGE_MS = 5 * 60_000;
/** User ids per confirmation request of `changedMany` (36 characters each: NOTIFY's 8,000 bytes). */
const USERS_PER_CONFIRMATION = 150;

export interface NotifiedUserCacheOptions {
  hub: NoticeHub;
  /** Where a row trigger NOTIFYs the id of the user whose rows changed (`*`: truncated). */
  channel: string;
  /** For the logs. */
  label: string;
  /** Entries kept at most (the oldest goes first); 50,000 unless told. */
  maxEntries?: number;
}

/**
 * Values read per user kept in each API process, safe across processes (the watchlist and alert
 * settings caches): the database NOTIFYs every change of a user's rows with the user's
 * id (a trigger, whoever writes), and the process's notice hub hears it and this drops that user's
 * entries. Nothing is served from memory while that connection does not listen; a read is stored
 * only when no notice (nor a reconnect) arrived while it ran. A write through a service waits
 * (`changed`) until every listening process dropped the user's entries, so the next read anywhere
 * sees it. Values are served as stored: store frozen values.
 */
export function createNotifiedUserCache<V>(options: NotifiedUserCacheOptions) {
  const { hub, channel, label } = options;
  type Entry = { userId: string; value: V; cachedAt: number };
  const entries = createUserKeyedEntries<Entry>(options.maxEntries ?? MAX_ENTRIES);
  let hits = 0;
  const listener = hub.listen({
    channel,
    label,
    // The trigger's notice: a user's row changed (`*`: the table was truncated).
    onNotice: (payload) => {
      if (payload === '*') {
        listener.bump();
        entries.clear();
      } else dropUser(payload);
    },
    // A write through a service asks every listener to confirm: drop, then acknowledge (the
    // subject is one user id, or several joined by commas: `changedMany`).
    onConfirmRequest: (subject) => {
      for (const userId of subject.split(',')) dropUser(userId);
    },
    onReset: () => entries.clear(),
  });

  function dropUser(userId: string) {
    listener.bump();
    entries.dropUser(userId);
  }

  return {
    /**
     * The value `key` of `userId` from memory, else `load()`'s (kept when nothing changed while
     * it ran and `keep` allows it). Starts listening on first use; until it listens every call
     * loads.
     */
    get: async (
      userId: string,
      key: string,
      load: () => Promise<V>,
      /** Whether a loaded value may be kept (too large a value is served, not kept). */
      keep: (value: V) => boolean = () => true,
    ): Promise<V> => {
      if (!listener.listens()) return load();
      const entry = entries.get(key);
      if (entry && performance.now() - entry.cachedAt <= MAX_AGE_MS) {
        hits += 1;
        return entry.value;
      }
      const mark = listener.generation();
      const value = await load();
      if (listener.isListening() && mark === listener.generation() && keep(value))
        entries.set(key, { userId, value, cachedAt: performance.now() });
      return value;
    },

    /**
     * Listens before a write (a failure is not thrown: the cache then serves nothing), so the
     * write's confirmation below can reach every process.
     */
    ready: listener.ready,

    /**
     * Called after a write of `userId`'s rows committed: drops them here at once, then asks every
     * listening process by NOTIFY to drop them and waits until each one (by backend pid)
     * acknowledged — so a read that reaches any process after the write's answer sees it. A
     * process that does not answer within two seconds (it died) is not waited for.
     */
    changed: async (userId: string): Promise<void> => {
      dropUser(userId);
      await listener.confirmEverywhere(userId);
    },

    /**
     * `changed` for several users at once (a fan-out's recipients): dropped here, then one
     * confirmation per 150 users, each naming them, so every listening process drops them
     * before this resolves even when no trigger announced the write.
     */
    changedMany: async (userIds: readonly string[]): Promise<void> => {
      const unique = [...new Set(userIds)];
      for (const userId of unique) dropUser(userId);
      const requests: Promise<void>[] = [];
      for (let at = 0; at < unique.length; at += USERS_PER_CONFIRMATION) {
        const subject = unique.slice(at, at + USERS_PER_CONFIRMATION).join(',');
        requests.push(listener.confirmEverywhere(subject));
      }
      await Promise.all(requests);
    },

    /** Whether entries may be served, how many there are, and the hits so far; for tests. */
    stats: () => ({ listening: listener.isListening(), entries: entries.size(), hits }),

    close: listener.close,
  };
}
