import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { poolOf, type Database } from '../../db/database.ts';
import type { UserRow } from './user.mapper.ts';

/** Where the database announces changed sessions and users (migration 2026-11-27T1000-session-notify). */
export const SESSION_CHANNEL = 'stockpulse_sessions';
/** Entries kept at most; the oldest goes first. */
const MAX_ENTRIES = 20_000;
/** A safety net only: every change is announced, so an entry is normally dropped long before. */
const MAX_AGE_MS = 5 * 60_000;
const RECONNECT_FIRST_MS = 250;
/** How long a revocation waits for every listening process to confirm it (a dead one never does). */
const CONFIRM_WAIT_MS = 2_000;
/** The listeners' connections carry this name, so a revocation knows whom to wait for. */
const LISTENER_NAME = 'stockpulse-sessions';
const RECONNECT_MAX_MS = 15_000;

export type CachedSession = {
  row: UserRow;
  sessionId: string;
  expiresAt: Date;
  cachedAt: number;
};

/**
 * Resolved sessions kept in the process (issue 18: every logged-in request checks its session),
 * safe across processes: the database NOTIFYs every session and user change (a trigger, whoever
 * writes), and one dedicated connection per process LISTENs and drops the user's entries at once.
 * Nothing is served from memory unless that connection listens: before it is up, and from the
 * moment it is lost until it listens again, every lookup goes to the database. A lookup stores its
 * answer only when no notification (and no loss or reconnect) came while it ran, so a session
 * revoked during a lookup is never cached.
 */
export function createSessionCache(deps: { db: Database; log?: FastifyBaseLogger }) {
  const { db, log } = deps;
  const entries = new Map<string, CachedSession & { userId: string }>();
  const byUser = new Map<string, Set<string>>();
  let generation = 0;
  let listening = false;
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;
  /** The listener connection's backend pid (how the acknowledgements name it). */
  let listenerPid = '';
  /** Revocations of this process waiting for the listeners' acknowledgements, by nonce. */
  const confirming = new Map<string, { pending: Set<string>; done: () => void }>();

  /** Read through a function: `close()` may run while a connect awaits. */
  const isClosed = () => closed;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = byUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(entry.userId);
  }

  function dropUser(userId: string) {
    generation += 1;
    for (const key of byUser.get(userId) ?? []) entries.delete(key);
    byUser.delete(userId);
  }

  function reset() {
    generation += 1;
    entries.clear();
    byUser.clear();
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.min(failures, 10));
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delay);
    reconnectTimer.unref();
  }

  function lost(which: pg.Client, error?: unknown) {
    if (client !== which) return;
    listening = false;
    client = undefined;
    reset();
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    if (closed) return;
    log?.warn({ err: error }, 'session cache: the database listener was lost; reconnecting');
    scheduleReconnect();
  }

  function connect() {
    if (closed || client || connecting) return;
    const pool = poolOf(db);
    if (!pool) return; // not our own pool (a transaction in a test): no cache
    if ((pool as { ending?: boolean }).ending) {
      closed = true; // the database is being closed: the process or the test is stopping
      return;
    }
    const next = new pg.Client({
      ...(pool.options as pg.ClientConfig),
      application_name: LISTENER_NAME,
      // LISTEN waits forever by design; only the connect is bounded.
      query_timeout: undefined,
      keepAlive: true,
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel !== SESSION_CHANNEL || !message.payload) return;
      const payload = message.payload;
      if (payload.startsWith('r:')) {
        // A revocation asks every listener to confirm: drop, then acknowledge by backend pid.
        const [, nonce, userId] = payload.split(':');
        if (!nonce || !userId) return;
        dropUser(userId);
        next
          .query('select pg_notify($1, $2)', [SESSION_CHANNEL, `a:${nonce}:${listenerPid}`])
          .catch(() => undefined);
      } else if (payload.startsWith('a:')) {
        const [, nonce, pid] = payload.split(':');
        const waiting = nonce && confirming.get(nonce);
        if (!waiting || !pid) return;
        waiting.pending.delete(pid);
        if (waiting.pending.size === 0) waiting.done();
      } else {
        dropUser(payload); // the trigger's notice: a session or user row changed
      }
    });
    connecting = (async () => {
      try {
        await next.connect();
        await next.query(`LISTEN ${SESSION_CHANNEL}`);
        const pid = await next.query<{ pid: number }>('select pg_backend_pid() as pid');
        listenerPid = String(pid.rows[0]?.pid ?? '');
        if (isClosed()) {
          await next.end();
          return;
        }
        client = next;
        reset();
        listening = true;
        failures = 0;
      } catch (error) {
        next.end().catch(() => undefined);
        log?.warn({ err: error }, 'session cache: could not listen; retrying');
        scheduleReconnect();
      } finally {
        connecting = undefined;
      }
    })();
  }

  return {
    /** A live entry (checked against `now` by the caller), or undefined; starts listening on first use. */
    get(key: string): CachedSession | undefined {
      if (!listening) {
        connect();
        return undefined;
      }
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (performance.now() - entry.cachedAt > MAX_AGE_MS) {
        drop(key);
        return undefined;
      }
      return entry;
    },

    /** The mark to hand back to `set`: whether anything changed while the lookup ran. */
    mark: () => (listening ? generation : -1),

    /** Stores a lookup's answer, unless the cache was not listening or heard a change since `mark`. */
    set(key: string, mark: number, value: Omit<CachedSession, 'cachedAt'>) {
      if (!listening || mark !== generation) return;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) drop(oldest.value);
      }
      const userId = value.row.id;
      entries.set(key, { ...value, userId, cachedAt: performance.now() });
      let keys = byUser.get(userId);
      if (!keys) byUser.set(userId, (keys = new Set()));
      keys.add(key);
    },

    /** Forgets one session at once in this process (its own logout; the others hear the trigger). */
    forget(key: string) {
      generation += 1;
      drop(key);
    },

    /** Forgets every session of a user at once in this process. */
    forgetUser: dropUser,

    /**
     * Starts listening if this process does not yet, and waits for it (a failure is not thrown:
     * the cache simply stays off); the writer of a revocation listens before it writes.
     */
    async ready(): Promise<void> {
      connect();
      await connecting;
    },

    /**
     * Makes a revocation hold in every process before it is answered: after the write committed
     * (the trigger's notice is already on its way), asks every listening process by NOTIFY to drop
     * the user's sessions and waits until each one (by backend pid, as listed when asking)
     * acknowledged — so a request that reaches any process after the answer is checked against
     * the database. A process that does not answer within two seconds (it died) is not waited for.
     */
    async confirmEverywhere(userId: string): Promise<void> {
      const listener = client;
      if (!listening || !listener) return;
      const nonce = randomBytes(9).toString('base64url');
      try {
        const { rows } = await listener.query<{ pid: number }>(
          'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
          [LISTENER_NAME],
        );
        const pending = new Set(rows.map((row) => String(row.pid)));
        pending.add(listenerPid);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, CONFIRM_WAIT_MS);
          function finish() {
            clearTimeout(timer);
            confirming.delete(nonce);
            resolve();
          }
          confirming.set(nonce, { pending, done: finish });
          listener
            .query('select pg_notify($1, $2)', [SESSION_CHANNEL, `r:${nonce}:${userId}`])
            .catch(finish);
        });
      } catch (error) {
        log?.warn({ err: error }, 'session cache: a revocation could not be confirmed');
      }
    },

    /** Whether entries may be served (the listener is up); for tests and the log. */
    stats: () => ({ listening, entries: entries.size }),

    async close() {
      closed = true;
      listening = false;
      for (const waiting of confirming.values()) waiting.done();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await connecting?.catch(() => undefined);
      const current = client;
      client = undefined;
      reset();
      await current?.end().catch(() => undefined);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
