import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { poolOf, type Database } from './database.ts';
import {
  createConfirmations,
  hubQuery,
  NOTICE_HUB_CHANNEL,
  NOTICE_HUB_NAME,
} from './notice-confirmations.ts';
import {
  noticeListener,
  type NoticeResetReason,
  type NoticeSubscription,
  type Subscriber,
} from './notice-subscriber.ts';

export { NOTICE_HUB_CHANNEL, NOTICE_HUB_NAME };
export type { NoticeResetReason, NoticeSubscription } from './notice-subscriber.ts';

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 15_000;

/**
 * The one connection per process that LISTENs to database notices for every per-process cache and
 * the live bus: opened from the Kysely pool's options under NOTICE_HUB_NAME on the first
 * subscription, `LISTEN` per channel on its first subscriber, each notice fanned out to the
 * subscribers of its channel, re-opened with exponential backoff when lost. A lost or re-opened
 * connection resets every subscriber (notices sent meanwhile are missed), so caches drop their
 * answers. Each subscriber keeps its own `generation`, bumped on every notice it counts and every
 * reset, so a read that overlapped one is not stored.
 *
 * `confirmEverywhere` NOTIFYs `r:<nonce>:<channel>[:<subject>]` on the hub channel and waits (at
 * most 2 s) until every hub (by backend pid, found in pg_stat_activity by application_name)
 * answered `a:<nonce>:<pid>`. A listening backend receives all channels' notices in commit order,
 * so a hub that acknowledged has heard every notice committed before the request.
 */
export function createNoticeHub(deps: { db: Database; log?: FastifyBaseLogger }) {
  const { db, log } = deps;
  const subscribers = new Set<Subscriber>();
  /** Channels LISTENed on the current connection. */
  const listened = new Set<string>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  /** LISTENs of channels added while connected, one after another. */
  let adding: Promise<void> = Promise.resolve();
  let reconnectTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;
  let connections = 0;
  let hubPid = '';
  const confirmations = createConfirmations(log);

  const isClosed = () => closed;

  function reset(subscriber: Subscriber, reason: NoticeResetReason) {
    subscriber.generation += 1;
    subscriber.options.onReset(reason);
  }

  /** Marks the subscribers whose channels are all LISTENed as listening (their past is unknown). */
  function settle() {
    for (const subscriber of subscribers) {
      if (subscriber.listening || !client) continue;
      if (!subscriber.channels.every((channel) => listened.has(channel))) continue;
      reset(subscriber, 'listening');
      subscriber.listening = true;
    }
  }

  function wanted(): Set<string> {
    const channels = new Set<string>();
    for (const subscriber of subscribers) for (const c of subscriber.channels) channels.add(c);
    return channels;
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer || subscribers.size === 0) return;
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
    client = undefined;
    listened.clear();
    for (const subscriber of subscribers) {
      subscriber.listening = false;
      reset(subscriber, 'lost');
    }
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    if (closed) return;
    log?.warn({ err: error }, 'notice hub: the database listener was lost; reconnecting');
    scheduleReconnect();
  }

  function hearControl(from: pg.Client, payload: string) {
    if (payload.startsWith('r:')) {
      const [, nonce, channel, ...rest] = payload.split(':');
      if (!nonce || !channel) return;
      const subject = rest.length > 0 ? rest.join(':') : undefined;
      if (subject !== undefined) {
        for (const subscriber of subscribers) {
          if (!subscriber.listening) continue;
          const { options } = subscriber;
          if (options.channel === channel) options.onConfirmRequest?.(subject);
          else if (subscriber.channels.includes(channel)) options.onNotice(subject, channel);
        }
      }
      hubQuery(from, 'select pg_notify($1, $2)', [
        NOTICE_HUB_CHANNEL,
        `a:${nonce}:${hubPid}`,
      ]).catch(() => undefined);
    } else if (payload.startsWith('a:')) {
      const [, nonce, pid] = payload.split(':');
      if (nonce && pid) confirmations.acknowledged(nonce, pid);
    }
  }

  function hear(from: pg.Client, channel: string, payload: string) {
    if (channel === NOTICE_HUB_CHANNEL) {
      hearControl(from, payload);
      return;
    }
    for (const subscriber of subscribers) {
      if (subscriber.listening && subscriber.channels.includes(channel))
        subscriber.options.onNotice(payload, channel);
    }
  }

  /** LISTENs the channels subscribed since the connection opened. */
  function addChannels(): Promise<void> {
    adding = adding.then(async () => {
      const current = client;
      if (!current) return;
      try {
        for (const channel of wanted()) {
          if (listened.has(channel)) continue;
          await hubQuery(current, `LISTEN ${channel}`);
          if (client !== current) return;
          listened.add(channel);
        }
        settle();
      } catch (error) {
        log?.warn({ err: error }, 'notice hub: could not listen to a channel');
        lost(current, error);
      }
    });
    return adding;
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
      application_name: NOTICE_HUB_NAME,
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
        await hubQuery(next, `LISTEN ${NOTICE_HUB_CHANNEL}`);
        const channels = wanted();
        for (const channel of channels) await hubQuery(next, `LISTEN ${channel}`);
        const pid = await hubQuery<{ pid: number }>(next, 'select pg_backend_pid() as pid');
        hubPid = String(pid.rows[0]?.pid ?? '');
        if (isClosed()) {
          await next.end();
          return;
        }
        client = next;
        connections += 1;
        for (const channel of channels) listened.add(channel);
        if (failures > 0) log?.info('notice hub: the database listener is back');
        failures = 0;
        // Channels subscribed while it connected are LISTENed now; then the subscribers listen.
        void addChannels();
      } catch (error) {
        next.end().catch(() => undefined);
        log?.warn({ err: error }, 'notice hub: could not listen; retrying');
        scheduleReconnect();
      } finally {
        connecting = undefined;
      }
    })();
  }

  /** Connects if not yet, waits for it, then LISTENs whatever was subscribed meanwhile. */
  async function ready(): Promise<void> {
    connect();
    await connecting;
    await addChannels();
  }

  async function confirmEverywhere(subscriber: Subscriber, subject?: string): Promise<void> {
    // The acknowledgements come to this process's hub: a subscriber whose first call is a write
    // listens now (without, the write was answered before the others heard its notice).
    if (!subscriber.listening) await ready();
    const current = client;
    if (!subscriber.listening || !current) return;
    await confirmations.request(
      (text, values) => hubQuery(current, text, values),
      hubPid,
      subscriber.options,
      subject,
    );
  }

  /**
   * Subscribes to a channel (and its extra channels). Nothing is LISTENed until the subscriber
   * first asks (`listens`, `ensureListening`, `ready`, `confirmEverywhere`), so a process that never uses a
   * cache never listens for it.
   */
  function listen(options: NoticeSubscription) {
    return noticeListener(options, {
      join: (subscriber) => subscribers.add(subscriber),
      leave: (subscriber) => {
        subscribers.delete(subscriber);
        reset(subscriber, 'closed');
      },
      ensureListening: () => {
        if (client) void addChannels();
        else connect();
      },
      ready,
      confirmEverywhere,
      pid: () => hubPid,
    });
  }

  /**
   * A cache that keeps whatever it holds only while this process listens to `channel`: every notice
   * and every reset runs `forget`; `listens()` says whether memory may serve (and starts listening
   * when it does not yet).
   */
  function keptWhileListening(options: { channel: string; label: string; forget: () => void }) {
    const { forget, ...subscription } = options;
    return listen({ ...subscription, onNotice: forget, onReset: forget });
  }

  return {
    listen,
    keptWhileListening,

    /** Whether the connection is open, its channels, subscribers and connections opened; for tests. */
    stats: () => ({
      connected: client !== undefined,
      channels: [...listened].sort(),
      subscribers: subscribers.size,
      connections,
    }),

    /** Closes the connection and resets every subscriber (the process is stopping). */
    close: async (): Promise<void> => {
      closed = true;
      confirmations.closeAll();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      await connecting?.catch(() => undefined);
      const current = client;
      client = undefined;
      listened.clear();
      for (const subscriber of subscribers) {
        subscriber.listening = false;
        reset(subscriber, 'closed');
      }
      if (current) {
        current.removeAllListeners('notification');
        await current.end().catch(() => undefined);
      }
    },
  };
}

export type NoticeHub = ReturnType<typeof createNoticeHub>;
export type { NoticeListener } from './notice-subscriber.ts';
