import {
  type DeliveryChannel,
  type DeliveryKind,
  type DeliveryStatus,
} from '@app/shared/api/alerts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { countRows } from '../../db/row-values.ts';

export type DeliveryInsert = {
  user_id: string | null;
  address: string | null;
  channel: DeliveryChannel;
  kind: DeliveryKind;
  key: string;
  payload: unknown;
  status?: 'pending' | 'skipped';
  last_error?: string | null;
  created_at: Date;
  due_at: Date;
};

/** A row added to the outbox, as announced (a rule alert's payload is not read: null). */
export type AddedDelivery = {
  user_id: string | null;
  kind: DeliveryKind;
  channel: DeliveryChannel;
  payload: unknown;
};

/** A due delivery the sender claimed, with its recipient's current address. */
export type ClaimedDelivery = Pick<
  DeliveryInsert,
  'user_id' | 'address' | 'channel' | 'kind' | 'key' | 'payload'
> & {
  id: string;
  attempts: number;
  email: string | null;
};

/** Rows per insert statement (10 parameters a row). */
const INSERT_CHUNK = 2_000;

/**
 * SQL of the deliveries outbox: writing rows once, claiming the due ones, their
 * outcome, the hourly cap's count and the admin's view. No decisions.
 */
export function createDeliveriesRepository(db: Database) {
  const insertNewDeliveries = async (
    rows: DeliveryInsert[],
  ): Promise<
    { user_id: string | null; kind: DeliveryKind; channel: DeliveryChannel; payload: unknown }[]
  > => {
    const added: {
      user_id: string | null;
      kind: DeliveryKind;
      channel: DeliveryChannel;
      payload: unknown;
    }[] = [];
    // A statement takes at most 65,535 parameters: a large burst is written in chunks.
    for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
      added.push(
        ...(await db
          .insertInto('deliveries')
          .values(
            rows
              .slice(at, at + INSERT_CHUNK)
              .map((row) => ({ ...row, payload: JSON.stringify(row.payload) })),
          )
          .onConflict((oc) => oc.doNothing())
          .returning(['user_id', 'kind', 'channel', 'payload'])
          .execute()),
      );
    }
    return added;
  };

  return {
    /**
     * Rows another statement added to the outbox (a rule's firing writes its alerts in its own
     * statement): nothing to write here; `publishingDeliveries` announces them.
     */
    announceAdded: (_added: readonly AddedDelivery[]): Promise<void> => Promise.resolve(),

    /** Writes the rows that do not exist yet (unique per recipient, channel, kind, key). */
    insertDeliveries: async (rows: DeliveryInsert[]): Promise<number> =>
      (await insertNewDeliveries(rows)).length,

    /** Writes the rows that do not exist yet and answers those it wrote (the live updates). */
    insertNewDeliveries,

    /** Whether a delivery exists for the recipient, channel, kind and key. */
    exists: async (userId: string, channel: DeliveryChannel, kind: DeliveryKind, key: string) =>
      (await db
        .selectFrom('deliveries')
        .select('id')
        .where('user_id', '=', userId)
        .where('channel', '=', channel)
        .where('kind', '=', kind)
        .where('key', '=', key)
        .executeTakeFirst()) !== undefined,

    /**
     * Claims up to `limit` due deliveries for this worker: `for update skip locked`, so two
     * workers never take the same row; a row left `sending` by a dead worker past `staleBefore`
     * is due again.
     */
    claim: (now: Date, staleBefore: Date, limit: number): Promise<ClaimedDelivery[]> =>
      db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('deliveries')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'pending'), eb('due_at', '<=', now)]),
              eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)]),
            ]),
          )
          .orderBy('due_at')
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .execute();
        if (due.length === 0) return [];
        const claimed = await trx
          .updateTable('deliveries')
          .set((eb) => ({ status: 'sending', claimed_at: now, attempts: eb('attempts', '+', 1) }))
          .where(
            'id',
            'in',
            due.map((row) => row.id),
          )
          .returning(['id', 'user_id', 'address', 'channel', 'kind', 'key', 'payload', 'attempts'])
          .execute();
        const ids = claimed.flatMap((row) => (row.user_id ? [row.user_id] : []));
        const emails = new Map(
          ids.length === 0
            ? []
            : (
                await trx
                  .selectFrom('users')
                  .select(['id', 'email'])
                  .where('id', 'in', ids)
                  .execute()
              ).map((row) => [row.id, row.email]),
        );
        return claimed.map((row) => ({
          ...row,
          email: row.user_id ? (emails.get(row.user_id) ?? null) : row.address,
        }));
      }),

    /**
     * Marks a delivery sent; a mail to a user also sets `users.last_email_at` in the same
     * statement (so the same transaction), one round trip either way.
     */
    async markSent(id: string, now: Date, mailedUserId: string | null) {
      const sent = { status: 'sent' as const, sent_at: now, last_error: null };
      if (!mailedUserId) {
        await db.updateTable('deliveries').set(sent).where('id', '=', id).execute();
        return;
      }
      await db
        .with('sent', (q) =>
          q.updateTable('deliveries').set(sent).where('id', '=', id).returning('id'),
        )
        .updateTable('users')
        .set({ last_email_at: now })
        .where('id', '=', mailedUserId)
        .where((eb) => eb.exists(eb.selectFrom('sent').select('sent.id')))
        .execute();
    },

    /** Ends a delivery without sending (skipped with the reason) or after its last attempt. */
    async finish(id: string, status: 'skipped' | 'failed', reason: string) {
      await db
        .updateTable('deliveries')
        .set({ status, last_error: reason.slice(0, 500) })
        .where('id', '=', id)
        .execute();
    },

    /** A failed attempt: pending again from `dueAt`. */
    async retryLater(id: string, reason: string, dueAt: Date) {
      await db
        .updateTable('deliveries')
        .set({
          status: 'pending',
          due_at: dueAt,
          claimed_at: null,
          last_error: reason.slice(0, 500),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Instant and rule alerts sent to a user on a channel since `since` (the hourly cap). */
    sentSince: (userId: string, channel: DeliveryChannel, since: Date) =>
      countRows(
        db
          .selectFrom('deliveries')
          .where('user_id', '=', userId)
          .where('channel', '=', channel)
          .where('kind', 'in', ['instant', 'rule'])
          .where('status', '=', 'sent')
          .where('sent_at', '>=', since),
      ),

    /** A page of the latest deliveries for the admin panel, optionally of one status. */
    async adminList(status: DeliveryStatus | undefined, limit: number, skip = 0) {
      let query = db
        .selectFrom('deliveries as d')
        .leftJoin('users as u', 'u.id', 'd.user_id')
        .select([
          'd.id',
          'u.username',
          'd.address',
          'd.channel',
          'd.kind',
          'd.key',
          sql<string>`coalesce(d.payload ->> 'subject', '')`.as('subject'),
          'd.status',
          'd.attempts',
          'd.last_error',
          'd.created_at',
          'd.due_at',
          'd.sent_at',
        ])
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .offset(skip)
        .limit(limit);
      if (status) query = query.where('d.status', '=', status);
      return query.execute();
    },

    /** How many deliveries there are of each status (a scan of the table: the service keeps it). */
    deliveryCounts: () =>
      db
        .selectFrom('deliveries')
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('status')
        .execute(),
  };
}

export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;
