import type { Database } from '../../db/database.ts';
import { countRows, deletedAny, firstValue } from '../../db/row-values.ts';

export type PushSubscriptionRow = {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Date;
  last_sent_at: Date | null;
};

/** SQL of browser push: the subscriptions (every query scoped by its owner) and the VAPID keys. */
export function createPushRepository(db: Database) {
  return {
    /** The user's subscribed browsers, oldest first. */
    listOf: (userId: string): Promise<PushSubscriptionRow[]> =>
      db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** How many browsers the user subscribed. */
    countOf: (userId: string): Promise<number> =>
      countRows(db.selectFrom('push_subscriptions').where('user_id', '=', userId)),

    /**
     * Stores a browser's subscription. An endpoint is one browser's: subscribed again (new keys,
     * or after another account signed in on it) it moves to this user with the new keys.
     */
    upsert: (row: Omit<PushSubscriptionRow, 'id' | 'last_sent_at'>): Promise<PushSubscriptionRow> =>
      db
        .insertInto('push_subscriptions')
        .values(row)
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            user_id: row.user_id,
            p256dh: row.p256dh,
            auth: row.auth,
            user_agent: row.user_agent,
            created_at: row.created_at,
            last_sent_at: null,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** Whether the endpoint is stored for another user than `userId`. */
    endpointOwner: (endpoint: string): Promise<string | undefined> =>
      firstValue(
        db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', endpoint),
      ),

    /** Removes one of the user's subscriptions; answers whether there was one. */
    removeOwn: (userId: string, id: string): Promise<boolean> =>
      deletedAny(
        db.deleteFrom('push_subscriptions').where('id', '=', id).where('user_id', '=', userId),
      ),

    /** Removes a subscription the push service no longer knows (404/410). */
    removeGone: async (id: string): Promise<void> => {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    markSent: async (id: string, now: Date): Promise<void> => {
      await db
        .updateTable('push_subscriptions')
        .set({ last_sent_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Of `userIds`, those with at least one subscribed browser. */
    usersWithDevices: async (userIds: readonly string[]): Promise<Set<string>> => {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('push_subscriptions')
        .select('user_id')
        .distinct()
        .where('user_id', 'in', userIds)
        .execute();
      return new Set(rows.map((row) => row.user_id));
    },

    /** The stored VAPID key pair, if one was made. */
    vapidKeys: (): Promise<{ public_key: string; private_key: string } | undefined> =>
      db
        .selectFrom('push_vapid_keys')
        .select(['public_key', 'private_key'])
        .where('id', '=', 1)
        .executeTakeFirst(),

    /**
     * Stores a new key pair unless one exists (two processes starting at once keep the first)
     * and answers the pair that is stored.
     */
    async keepVapidKeys(
      keys: { public_key: string; private_key: string },
      now: Date,
    ): Promise<{ public_key: string; private_key: string }> {
      await db
        .insertInto('push_vapid_keys')
        .values({ id: 1, ...keys, created_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return db
        .selectFrom('push_vapid_keys')
        .select(['public_key', 'private_key'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
