import type { NoticeHub } from '../../db/notice-hub.ts';
import { createUserKeyedEntries } from '../../db/user-keyed-entries.ts';
import type { UserRow } from './user.mapper.ts';

/** Where the database announces changed sessions and users (migration 2026-11-27T1000-session-notify). */
export const SESSION_CHANNEL = 'stockpulse_sessions';
/** Entries kept at most; the oldest goes first. */
const MAX_ENTRIES = 20_000;
/** A safety net only: every change is announced, so an entry is normally dropped long before. */
const MAX_AGE_MS = 5 * 60_000;

export type CachedSession = {
  row: UserRow;
  sessionId: string;
  expiresAt: Date;
  cachedAt: number;
};

/**
 * Resolved sessions kept in the process (every logged-in request checks its session),
 * safe across processes: the database NOTIFYs every session and user change (a trigger, whoever
 * writes), and the process's notice hub hears it and drops the user's entries at once.
 * Nothing is served from memory unless that connection listens: before it is up, and from the
 * moment it is lost until it listens again, every lookup goes to the database. A lookup stores its
 * answer only when no notification (and no loss or reconnect) came while it ran, so a session
 * revoked during a lookup is never cached.
 */
export function createSessionCache(deps: { hub: NoticeHub }) {
  const { hub } = deps;
  const entries = createUserKeyedEntries<CachedSession & { userId: string }>(MAX_ENTRIES);
  const listener = hub.listen({
    channel: SESSION_CHANNEL,
    label: 'session cache',
    confirmNoun: 'revocation',
    onNotice: (userId) => dropUser(userId), // the trigger's notice: a session or user row changed
    // A revocation asks every listener to confirm: drop, then acknowledge by backend pid.
    onConfirmRequest: (userId) => dropUser(userId),
    onReset: () => entries.clear(),
  });

  function dropUser(userId: string) {
    listener.bump();
    entries.dropUser(userId);
  }

  return {
    /** A live entry (checked against `now` by the caller), or undefined; starts listening on first use. */
    get(key: string): CachedSession | undefined {
      if (!listener.listens()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (performance.now() - entry.cachedAt > MAX_AGE_MS) {
        entries.drop(key);
        return undefined;
      }
      return entry;
    },

    /** The mark to hand back to `set`: whether anything changed while the lookup ran. */
    mark: () => (listener.isListening() ? listener.generation() : -1),

    /** Stores a lookup's answer, unless the cache was not listening or heard a change since `mark`. */
    set(key: string, mark: number, value: Omit<CachedSession, 'cachedAt'>) {
      if (!listener.isListening() || mark !== listener.generation()) return;
      entries.set(key, { ...value, userId: value.row.id, cachedAt: performance.now() });
    },

    /** Forgets one session at once in this process (its own logout; the others hear the trigger). */
    forget(key: string) {
      listener.bump();
      entries.drop(key);
    },

    /** Forgets every session of a user at once in this process. */
    forgetUser: dropUser,

    /**
     * Starts listening if this process does not yet, and waits for it (a failure is not thrown:
     * the cache simply stays off); the writer of a revocation listens before it writes.
     */
    ready: listener.ready,

    /**
     * Makes a revocation hold in every process before it is answered: after the write committed
     * (the trigger's notice is already on its way), asks every listening process by NOTIFY to drop
     * the user's sessions and waits until each one (by backend pid, as listed when asking)
     * acknowledged — so a request that reaches any process after the answer is checked against
     * the database. A process that does not answer within two seconds (it died) is not waited for.
     */
    confirmEverywhere: (userId: string) => listener.confirmEverywhere(userId),

    /** Whether entries may be served (the listener is up); for tests and the log. */
    stats: () => ({ listening: listener.isListening(), entries: entries.size() }),

    close: listener.close,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
