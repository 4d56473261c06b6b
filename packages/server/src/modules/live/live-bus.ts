import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveAlert, LivePromptEvent } from '@app/shared/api/live';
import type { Database } from '../../db/database.ts';
import type { NoticeHub } from '../../db/notice-hub.ts';
import { notifyAll } from './live.repository.ts';

/** The PostgreSQL channel every process publishes to and every API process listens on. */
export const LIVE_CHANNEL = 'stockpulse_live';
/** NOTIFY payloads must stay under 8,000 bytes; a batch is split below this. */
const MAX_PAYLOAD_BYTES = 7_000;
/** Notifications kept for `Last-Event-ID` replay. */
const REPLAY_SIZE = 500;
/** Article ids per part of a `news` notification (100 UUIDs stay well under the limit). */
const NEWS_IDS_PER_PART = 100;

/** One part of a notification: the internal topic (`news`, `quotes:NASDAQ:AAPL`, `alerts:<user>`) and its data. */
export type LivePart = [topic: string, data: Record<string, unknown>];
/** What travels through NOTIFY: an id (for Last-Event-ID), the event name and its parts. */
export type LiveNotification = { i: string; e: string; p: LivePart[] };

/** What a stream hears: a notification's parts on its topics, or a reset (events may be lost). */
export type LiveListener = {
  topics: ReadonlySet<string>;
  deliver: (id: string, event: string, parts: LivePart[]) => void;
  reset: (reason: string) => void;
};

/** What a quote refresh publishes of each listing. */
export type LiveQuote = {
  symbol: string;
  price: number;
  change: number;
  change_pct: number;
  day_low: number;
  day_high: number;
  as_of: Date;
};

/** What a prompt event carries (`@app/shared/api/live` livePromptEventSchema, without its topic). */
export type LivePromptData = Omit<LivePromptEvent, 'topic'>;

/** Where a notification is sent: the database, or a writer's open transaction. */
export type LiveExecutor = Database;

const newId = () => randomBytes(8).toString('base64url');

/** Splits parts into notifications that fit NOTIFY's payload limit. */
export function packNotifications(event: string, parts: readonly LivePart[]): LiveNotification[] {
  const out: LiveNotification[] = [];
  let current: LivePart[] = [];
  let size = 0;
  for (const part of parts) {
    const bytes = Buffer.byteLength(JSON.stringify(part)) + 1;
    if (bytes > MAX_PAYLOAD_BYTES - 64) continue; // a single part too large: dropped (never happens with ids)
    if (size + bytes > MAX_PAYLOAD_BYTES - 64 && current.length > 0) {
      out.push({ i: newId(), e: event, p: current });
      current = [];
      size = 0;
    }
    current.push(part);
    size += bytes;
  }
  if (current.length > 0) out.push({ i: newId(), e: event, p: current });
  return out;
}

/**
 * The provider-free event bus of live updates: writers publish with `pg_notify` on the
 * database they write to (inside their transaction when they pass it, so an event is heard only
 * once its write committed, and never for a rolled-back one); each API process hears them through
 * its notice hub (`db/notice-hub.ts`, LISTENing once the first stream subscribes) and fans them out
 * to its open streams. Workers only publish. Streams get a `reset` after the hub's connection was
 * lost, since notifications sent meanwhile are missed.
 * The last few hundred notifications are kept for `Last-Event-ID` replay: every process hears the
 * same notifications in the same order, so an id from one process is known to the others.
 */
export function createLiveBus(deps: { db: Database; hub: NoticeHub; log: FastifyBaseLogger }) {
  const { db, hub, log } = deps;
  const listeners = new Set<LiveListener>();
  const recent: LiveNotification[] = [];
  let heard = 0;

  function dispatch(message: LiveNotification) {
    heard += 1;
    recent.push(message);
    if (recent.length > REPLAY_SIZE) recent.shift();
    for (const listener of listeners) {
      const mine = message.p.filter(([topic]) => listener.topics.has(topic));
      if (mine.length > 0) listener.deliver(message.i, message.e, mine);
    }
  }

  function onNotice(payload: string) {
    try {
      const message = JSON.parse(payload) as LiveNotification;
      if (typeof message.i !== 'string' || typeof message.e !== 'string') return;
      if (!Array.isArray(message.p)) return;
      dispatch(message);
    } catch (error) {
      log.warn({ err: error }, 'live: a notification was not JSON');
    }
  }

  const listener = hub.listen({
    channel: LIVE_CHANNEL,
    label: 'live',
    onNotice,
    // Notifications sent while the hub did not listen are lost: open streams are told so.
    onReset: (reason) => {
      if (reason === 'lost') for (const stream of listeners) stream.reset('listener-lost');
    },
  });

  /**
   * Publishes parts under one event name (`news`, `quotes`, …), split into notifications under
   * NOTIFY's limit. Pass the writer's transaction to publish on its commit. A failure is logged
   * and swallowed outside a transaction: a lost live event must never fail the write itself.
   */
  async function publish(event: string, parts: readonly LivePart[], executor?: LiveExecutor) {
    if (parts.length === 0) return;
    const payloads = packNotifications(event, parts).map((message) => JSON.stringify(message));
    if (executor) {
      await notifyAll(executor, LIVE_CHANNEL, payloads);
      return;
    }
    try {
      await notifyAll(db, LIVE_CHANNEL, payloads);
    } catch (error) {
      log.warn({ err: error, event }, 'live: publishing failed');
    }
  }

  return {
    publish,

    /**
     * Adds a stream, first replaying to it the remembered notifications that followed
     * `lastEventId` (an id the process does not remember gets a `reset`); resolves once the
     * process listens, so the stream may say `ready`.
     */
    async subscribe(subscriber: LiveListener, lastEventId?: string): Promise<() => void> {
      // The replay goes out before the stream joins, so nothing arrives twice or out of order.
      if (lastEventId !== undefined) {
        const at = recent.findIndex((message) => message.i === lastEventId);
        if (at === -1) subscriber.reset('replay-unavailable');
        else {
          for (const message of recent.slice(at + 1)) {
            const mine = message.p.filter(([topic]) => subscriber.topics.has(topic));
            if (mine.length > 0) subscriber.deliver(message.i, message.e, mine);
          }
        }
      }
      listeners.add(subscriber);
      const unsubscribe = () => {
        listeners.delete(subscriber);
      };
      await listener.ready();
      // Not listening: the reconnect is scheduled; the stream stays open and hears events once
      // it is back.
      if (!listener.isListening()) subscriber.reset('listener-down');
      return unsubscribe;
    },

    /** New articles stored (`ingested`) or analysed (`enriched`): their ids, in parts of 100. */
    async publishNews(
      stage: 'ingested' | 'enriched',
      ids: readonly string[],
      executor?: LiveExecutor,
    ) {
      const parts: LivePart[] = [];
      for (let start = 0; start < ids.length; start += NEWS_IDS_PER_PART) {
        parts.push(['news', { stage, ids: ids.slice(start, start + NEWS_IDS_PER_PART) }]);
      }
      await publish('news', parts, executor);
    },

    /** Refreshed quotes: one part per listing, on its `quotes:<symbol>` topic. */
    async publishQuotes(quotes: readonly LiveQuote[], updatedAt: Date, executor?: LiveExecutor) {
      const updated = Math.floor(updatedAt.getTime() / 1000);
      await publish(
        'quotes',
        quotes.map((quote) => [
          `quotes:${quote.symbol}`,
          {
            symbol: quote.symbol,
            price: quote.price,
            change: quote.change,
            change_pct: quote.change_pct,
            day_low: quote.day_low,
            day_high: quote.day_high,
            as_of: Math.floor(quote.as_of.getTime() / 1000),
            updated_at: updated,
          },
        ]),
        executor,
      );
    },

    /**
     * Alert deliveries written for users: one part per user on their own topic, with how many
     * rows were written and the instant alerts among them (once per article, whatever the channels).
     */
    async publishAlerts(
      written: readonly { userId: string; alert?: LiveAlert }[],
      executor?: LiveExecutor,
    ) {
      const byUser = new Map<string, { count: number; alerts: Map<string, LiveAlert> }>();
      for (const { userId, alert } of written) {
        let entry = byUser.get(userId);
        if (!entry) {
          entry = { count: 0, alerts: new Map() };
          byUser.set(userId, entry);
        }
        entry.count += 1;
        if (alert) entry.alerts.set(alert.article_id, alert);
      }
      await publish(
        'alerts',
        [...byUser].map(([userId, { count, alerts }]) => [
          `alerts:${userId}`,
          alerts.size === 0 ? { count } : { count, alerts: [...alerts.values()] },
        ]),
        executor,
      );
    },

    /** One of a user's prompts changed: its status, stage, or a piece of its answer. */
    async publishPrompt(userId: string, data: LivePromptData, executor?: LiveExecutor) {
      await publish('prompts', [[`prompts:${userId}`, data]], executor);
    },

    /** Open streams and notifications heard (for the log, tests and the bench). */
    stats: () => ({ streams: listeners.size, heard, listening: listener.isListening() }),

    /** Leaves the notice hub (the process is stopping). */
    close: listener.close,
  };
}

export type LiveBus = ReturnType<typeof createLiveBus>;
