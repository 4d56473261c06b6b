import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** The hub connections' application_name: how a confirmation finds every listening process. */
export const NOTICE_HUB_NAME = 'stockpulse-notices';
/** The channel of the confirmation protocol, LISTENed by every hub from its first connect. */
export const NOTICE_HUB_CHANNEL = 'stockpulse_notice_hub';
/** How long a confirmation waits for every listening process (a dead one never answers). */
const CONFIRM_WAIT_MS = 2_000;

/**
 * The notice hub's confirmations: `request` NOTIFYs `r:<nonce>:<channel>[:<subject>]` on the hub
 * channel and waits (at most 2 s) until every hub connection of the database (by backend pid,
 * found in pg_stat_activity by application_name) answered `a:<nonce>:<pid>`, which the hub hands
 * to `acknowledged`. A dead process never answers, hence the bound.
 */
/**
 * Runs a query on a hub connection after the ones given to it before: a pg client must not be
 * handed a query while another is running (deprecated, and refused from pg 9), and concurrent
 * confirmations, acknowledgements and LISTENs share the one connection. The order is kept, so a
 * request is still sent after every LISTEN asked for before it.
 */
const hubQueues = new WeakMap<pg.Client, Promise<unknown>>();
export function hubQuery<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  on: pg.Client,
  text: string,
  values?: unknown[],
): Promise<pg.QueryResult<Row>> {
  const run = (hubQueues.get(on) ?? Promise.resolve()).then(() => on.query<Row>(text, values));
  hubQueues.set(
    on,
    run.catch(() => undefined),
  );
  return run;
}

/** A query on the hub connection, queued behind the ones before it. */
type HubQuery = <Row extends pg.QueryResultRow>(
  text: string,
  values?: unknown[],
) => Promise<pg.QueryResult<Row>>;

export function createConfirmations(log: FastifyBaseLogger | undefined) {
  const confirming = new Map<string, { pending: Set<string>; done: () => void }>();

  return {
    async request(
      query: HubQuery,
      ownPid: string,
      subscriber: { channel: string; label: string; confirmNoun?: string },
      subject?: string,
    ): Promise<void> {
      const nonce = randomBytes(9).toString('base64url');
      try {
        const { rows } = await query<{ pid: number }>(
          'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
          [NOTICE_HUB_NAME],
        );
        const pending = new Set(rows.map((row) => String(row.pid)));
        pending.add(ownPid);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, CONFIRM_WAIT_MS);
          function finish() {
            clearTimeout(timer);
            confirming.delete(nonce);
            resolve();
          }
          confirming.set(nonce, { pending, done: finish });
          const { channel } = subscriber;
          const request =
            subject === undefined ? `r:${nonce}:${channel}` : `r:${nonce}:${channel}:${subject}`;
          query('select pg_notify($1, $2)', [NOTICE_HUB_CHANNEL, request]).catch(finish);
        });
      } catch (error) {
        const noun = subscriber.confirmNoun ?? 'write';
        log?.warn({ err: error }, `${subscriber.label}: a ${noun} could not be confirmed`);
      }
    },

    /** A hub's acknowledgement of a request of this process. */
    acknowledged(nonce: string, pid: string) {
      const waiting = confirming.get(nonce);
      if (!waiting) return;
      waiting.pending.delete(pid);
      if (waiting.pending.size === 0) waiting.done();
    },

    /** Ends every wait (the hub is closing). */
    closeAll() {
      for (const waiting of confirming.values()) waiting.done();
    },
  };
}
