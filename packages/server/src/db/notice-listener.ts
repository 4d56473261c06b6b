import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { poolOf, type Database } from './database.ts';

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 15_000;
/** How long a confirmation waits for every listening process (a dead one never answers). */
const CONFIRM_WAIT_MS = 2_000;

/** Why the listener's owner must forget what it holds. */
export type NoticeResetReason = 'listening' | 'lost' | 'closed';

export type NoticeListenerOptions = {
  db: Database;
  /** The channel of the owner's notices and of the confirmation protocol. */
  channel: string;
  /** Further channels LISTENed on the same connection; their notices go to `onNotice` as they are. */
  extraChannels?: readonly string[];
  /** The listener connections' application_name, so a confirmation knows whom to wait for. */
  applicationName: string;
  /** The log's prefix, e.g. `session cache`. */
  label: string;
  /** What a confirmation confirms, for the log (`write` unless told). */
  confirmNoun?: string;
  log?: FastifyBaseLogger;
  /** A notice: on `channel`, one that is not part of the confirmation protocol; any on the others. */
  onNotice: (payload: string, channel: string) => void;
  /**
   * Given, confirmation requests carry a subject (`r:<nonce>:<subject>`, the others ignored),
   * passed here before the acknowledgement; not given, they are `r:<nonce>`, acknowledged as such.
   */
  onConfirmRequest?: (subject: string) => void;
  /**
   * Whatever the owner holds is void: the connection listens anew, was lost, or is closed (notices
   * may have been missed). The generation was bumped just before.
   */
  onReset: (reason: NoticeResetReason) => void;
};

/**
 * One dedicated connection per process that LISTENs to a channel of database notices,
 * shared by the per-process caches: opened from the Kysely pool's options under its own
 * application_name, re-opened with exponential backoff when lost; a `generation` that the owner
 * bumps on every notice and this bumps on every loss, reconnect and close, so a read that
 * overlapped a notice is not stored; and `confirmEverywhere`, which NOTIFYs `r:<nonce>[:<subject>]`
 * and waits (at most 2 s) until every listening process (by backend pid, found in
 * pg_stat_activity by application_name) answered `a:<nonce>:<pid>`. Notices arrive in commit order,
 * so a process that acknowledged has heard every notice committed before the request.
 */
export function createNoticeListener(options: NoticeListenerOptions) {
  const { db, channel, applicationName, label, log, onNotice, onConfirmRequest, onReset } = options;
  const extraChannels = options.extraChannels ?? [];
  const confirmNoun = options.confirmNoun ?? 'write';
  let generation = 0;
  let listening = false;
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;
  /** The listener connection's backend pid (how the acknowledgements name it). */
  let listenerPid = '';
  /** Confirmations of this process waiting for the listeners' acknowledgements, by nonce. */
  const confirming = new Map<string, { pending: Set<string>; done: () => void }>();

  /** Read through a function: `close()` may run while a connect awaits. */
  const isClosed = () => closed;

  function reset(reason: NoticeResetReason) {
    generation += 1;
    onReset(reason);
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
    reset('lost');
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    if (closed) return;
    log?.warn({ err: error }, `${label}: the database listener was lost; reconnecting`);
    scheduleReconnect();
  }

  function hear(next: pg.Client, from: string, payload: string) {
    if (from !== channel) {
      onNotice(payload, from);
      return;
    }
    if (payload.startsWith('r:')) {
      // A confirmation request: handle its subject, then acknowledge by backend pid.
      let nonce: string;
      if (onConfirmRequest) {
        const [, requestNonce, subject] = payload.split(':');
        if (!requestNonce || !subject) return;
        nonce = requestNonce;
        onConfirmRequest(subject);
      } else {
        nonce = payload.slice(2);
      }
      next
        .query('select pg_notify($1, $2)', [channel, `a:${nonce}:${listenerPid}`])
        .catch(() => undefined);
    } else if (payload.startsWith('a:')) {
      const [, nonce, pid] = payload.split(':');
      const waiting = nonce && confirming.get(nonce);
      if (!waiting || !pid) return;
      waiting.pending.delete(pid);
      if (waiting.pending.size === 0) waiting.done();
    } else {
      onNotice(payload, from);
    }
  }

  function connect() {
    if (closed || client || connecting) return;
    const pool = poolOf(db);
    if (!pool) return; // not our own pool (a transaction in a test): no listener
    if ((pool as { ending?: boolean }).ending) {
      closed = true; // the database is being closed: the process or the test is stopping
      return;
    }
    const next = new pg.Client({
      ...(pool.options as pg.ClientConfig),
      application_name: applicationName,
      // LISTEN waits forever by design; only the connect is bounded.
      query_timeout: undefined,
      keepAlive: true,
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.payload) hear(next, message.channel, message.payload);
    });
    connecting = (async () => {
      try {
        await next.connect();
        await next.query(`LISTEN ${channel}`);
        for (const extra of extraChannels) await next.query(`LISTEN ${extra}`);
        const pid = await next.query<{ pid: number }>('select pg_backend_pid() as pid');
        listenerPid = String(pid.rows[0]?.pid ?? '');
        if (isClosed()) {
          await next.end();
          return;
        }
        client = next;
        reset('listening'); // whatever was heard before listening is unknown
        listening = true;
        failures = 0;
      } catch (error) {
        next.end().catch(() => undefined);
        log?.warn({ err: error }, `${label}: could not listen; retrying`);
        scheduleReconnect();
      } finally {
        connecting = undefined;
      }
    })();
  }

  return {
    /** Starts listening in the background if not yet (and not closed). */
    ensureListening: connect,

    /** Starts listening if not yet, and waits for it (a failure is not thrown: it stays off). */
    ready: async (): Promise<void> => {
      connect();
      await connecting;
    },

    /** Whether the connection listens (nothing may be served from memory otherwise). */
    isListening: () => listening,

    /** The current generation. */
    generation: () => generation,

    /** Counts a change (a notice, a local write); returns the new generation. */
    bump: () => (generation += 1),

    /** The listener connection's backend pid while it listens, else ''. */
    pid: () => (listening ? listenerPid : ''),

    /**
     * Asks every listening process by NOTIFY (`r:<nonce>`, or `r:<nonce>:<subject>` when given) to
     * confirm, and waits until each one (by backend pid, as listed when asking) acknowledged.
     * A process that does not answer within two seconds (it died) is not waited for. This process
     * starts listening first if it does not yet; if it cannot, there is nothing to wait with.
     */
    confirmEverywhere: async (subject?: string): Promise<void> => {
      // The acknowledgements come to this process's listener: one whose first call is a write
      // listens now (without, the write was answered before the others heard its notice).
      if (!listening) {
        connect();
        await connecting;
      }
      const listener = client;
      if (!listening || !listener) return;
      const nonce = randomBytes(9).toString('base64url');
      try {
        const { rows } = await listener.query<{ pid: number }>(
          'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
          [applicationName],
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
          const request = subject === undefined ? `r:${nonce}` : `r:${nonce}:${subject}`;
          listener.query('select pg_notify($1, $2)', [channel, request]).catch(finish);
        });
      } catch (error) {
        log?.warn({ err: error }, `${label}: a ${confirmNoun} could not be confirmed`);
      }
    },

    close: async (): Promise<void> => {
      closed = true;
      listening = false;
      for (const waiting of confirming.values()) waiting.done();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      await connecting?.catch(() => undefined);
      const current = client;
      client = undefined;
      reset('closed');
      if (current) {
        current.removeAllListeners('notification');
        await current.end().catch(() => undefined);
      }
    },
  };
}

export type NoticeListener = ReturnType<typeof createNoticeListener>;
