import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { poolOf, type Database } from '../../db/database.ts';

/** Where the database announces what portfolio snapshots depend on (migration 2026-11-28T1000-portfolio-notify). */
export const PORTFOLIO_CHANNEL = 'stockpulse_portfolio';
/** The listeners' connections carry this name, so a writer knows whom to wait for. */
const LISTENER_NAME = 'stockpulse-portfolio';
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 15_000;
/** How long a ledger write waits for every listening process to confirm (a dead one never does). */
const CONFIRM_WAIT_MS = 2_000;
/** Keys remembered per kind before all are forgotten at once (everything then counts as changed). */
const MAX_KEYS = 200_000;

/** What a cached answer was computed from: it is fresh while none of these was announced since. */
export type NoticeScope = {
  userId: string;
  portfolioId?: string;
  /** Listings whose quote, history or facts the answer read. */
  symbols?: readonly string[];
  /** Whether the answer read the benchmark (any listing's history may move it). */
  history?: boolean;
};

/**
 * The portfolio module's view of the database's change notices (issue 18). One dedicated
 * connection per process LISTENs on `stockpulse_portfolio`; every notice bumps a generation and
 * records it against the users, portfolios and listings it names. A cached answer keeps the
 * generation read before its inputs were (`mark()`), and is fresh while nothing it depends on was
 * announced after that (`fresh()`), so a read racing a write never outlives the write's notice.
 * While the connection is not listening (before it is up, after a loss until it listens again)
 * `mark()` is -1 and nothing is fresh: every call reads the database. A lost or re-established
 * connection counts as a change of everything, since notices sent meanwhile are lost.
 */
export function createPortfolioNotices(deps: { db: Database; log?: FastifyBaseLogger }) {
  const { db, log } = deps;
  let generation = 1;
  /** Everything changed at this generation (start, loss, reconnect, truncate, overflow). */
  let allAt = 1;
  let historyAt = 0;
  const users = new Map<string, number>();
  const portfolios = new Map<string, number>();
  const symbols = new Map<string, number>();
  let listening = false;
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;
  let listenerPid = '';
  let heard = 0;
  const confirming = new Map<string, { pending: Set<string>; done: () => void }>();
  const isClosed = () => closed;

  function everything() {
    generation += 1;
    allAt = generation;
    users.clear();
    portfolios.clear();
    symbols.clear();
  }

  function record(map: Map<string, number>, keys: readonly string[]) {
    generation += 1;
    if (map.size + keys.length > MAX_KEYS) {
      everything();
      return;
    }
    for (const key of keys) if (key) map.set(key, generation);
  }

  function hear(payload: string) {
    heard += 1;
    if (payload === '*') return everything();
    const kind = payload.slice(0, 2);
    const keys = payload.slice(2).split(',');
    if (kind === 'u:') record(users, keys);
    else if (kind === 'p:') record(portfolios, keys);
    else if (kind === 'q:' || kind === 's:') record(symbols, keys);
    else if (kind === 'h:') {
      record(symbols, keys);
      historyAt = generation;
    } else everything(); // a notice this version does not know: safe side
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
    everything();
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    if (closed) return;
    log?.warn({ err: error }, 'portfolio cache: the database listener was lost; reconnecting');
    scheduleReconnect();
  }

  function connect() {
    if (closed || client || connecting) return;
    const pool = poolOf(db);
    if (!pool) return; // not our own pool (a transaction in a test): no cache
    if ((pool as { ending?: boolean }).ending) {
      closed = true;
      return;
    }
    const next = new pg.Client({
      ...(pool.options as pg.ClientConfig),
      application_name: LISTENER_NAME,
      query_timeout: undefined,
      keepAlive: true,
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel !== PORTFOLIO_CHANNEL || !message.payload) return;
      const payload = message.payload;
      if (payload.startsWith('r:')) {
        // A writer asks every listener to confirm it heard everything committed before.
        const nonce = payload.slice(2);
        next
          .query('select pg_notify($1, $2)', [PORTFOLIO_CHANNEL, `a:${nonce}:${listenerPid}`])
          .catch(() => undefined);
      } else if (payload.startsWith('a:')) {
        const [, nonce, pid] = payload.split(':');
        const waiting = nonce && confirming.get(nonce);
        if (!waiting || !pid) return;
        waiting.pending.delete(pid);
        if (waiting.pending.size === 0) waiting.done();
      } else {
        hear(payload);
      }
    });
    connecting = (async () => {
      try {
        await next.connect();
        await next.query(`LISTEN ${PORTFOLIO_CHANNEL}`);
        const pid = await next.query<{ pid: number }>('select pg_backend_pid() as pid');
        listenerPid = String(pid.rows[0]?.pid ?? '');
        if (isClosed()) {
          await next.end();
          return;
        }
        client = next;
        everything();
        listening = true;
        failures = 0;
      } catch (error) {
        next.end().catch(() => undefined);
        log?.warn({ err: error }, 'portfolio cache: could not listen; retrying');
        scheduleReconnect();
      } finally {
        connecting = undefined;
      }
    })();
  }

  const at = (map: Map<string, number>, key: string | undefined) =>
    key === undefined ? 0 : (map.get(key) ?? 0);

  return {
    /** The generation to keep with an answer about to be computed; -1 while not listening. */
    mark(): number {
      if (!listening) {
        connect();
        return -1;
      }
      return generation;
    },

    /** Whether an answer computed after `mark` is still current: nothing in `scope` was announced since. */
    fresh(mark: number, scope: NoticeScope): boolean {
      if (!listening || mark < 0 || allAt > mark) return false;
      if (at(users, scope.userId) > mark || at(portfolios, scope.portfolioId) > mark) return false;
      if (scope.history && historyAt > mark) return false;
      if (scope.symbols && symbols.size > 0) {
        for (const symbol of scope.symbols) if (at(symbols, symbol) > mark) return false;
      }
      return true;
    },

    /** This process's own write: the user's answers are stale at once (the others hear the trigger). */
    touchUser(userId: string) {
      record(users, [userId]);
    },

    /**
     * After a write committed (its notice is on its way), asks every listening process to confirm
     * it heard everything committed before, and waits until each one did (by backend pid, as
     * listed when asking; notices arrive in commit order) — so the next request, whichever process
     * it reaches, sees the write. A process that does not answer in two seconds is not waited for.
     */
    async confirmEverywhere(): Promise<void> {
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
            .query('select pg_notify($1, $2)', [PORTFOLIO_CHANNEL, `r:${nonce}`])
            .catch(finish);
        });
      } catch (error) {
        log?.warn({ err: error }, 'portfolio cache: a write could not be confirmed');
      }
    },

    /** Starts listening if not yet, and waits for it (a failure is not thrown: the cache stays off). */
    async ready(): Promise<void> {
      connect();
      await connecting;
    },

    /** For tests and the log: whether answers may be served from memory, notices heard. */
    stats: () => ({ listening, heard, generation, listenerPid: listening ? listenerPid : '' }),

    async close() {
      closed = true;
      listening = false;
      for (const waiting of confirming.values()) waiting.done();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await connecting?.catch(() => undefined);
      const current = client;
      client = undefined;
      everything();
      await current?.end().catch(() => undefined);
    },
  };
}

export type PortfolioNotices = ReturnType<typeof createPortfolioNotices>;
