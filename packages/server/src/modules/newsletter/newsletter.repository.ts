import type { Database } from '../../db/database.ts';

export type SubscriberRow = {
  id: string;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  created_at: Date;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
};

const columns = ['id', 'email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at'] as const;

/** SQL of the newsletter's subscribers; no decisions. */
export function createNewsletterRepository(db: Database) {
  return {
    findByEmail: (email: string): Promise<SubscriberRow | undefined> =>
      db
        .selectFrom('newsletter_subscribers')
        .select(columns)
        .where('email', '=', email)
        .executeTakeFirst(),

    /**
     * Creates the address as pending with a confirmation token, or gives an existing pending or
     * unsubscribed address a fresh one; a confirmed address is left as it is. Answers the row.
     */
    upsertPending: (email: string, tokenHash: Buffer, expiresAt: Date, now: Date) =>
      db
        .insertInto('newsletter_subscribers')
        .values({
          email,
          status: 'pending',
          confirm_token_hash: tokenHash,
          confirm_expires_at: expiresAt,
          created_at: now,
        })
        .onConflict((oc) =>
          oc
            .column('email')
            .doUpdateSet({
              status: 'pending',
              confirm_token_hash: tokenHash,
              confirm_expires_at: expiresAt,
              unsubscribed_at: null,
            })
            .where('newsletter_subscribers.status', '!=', 'confirmed'),
        )
        .returning(columns)
        .executeTakeFirst(),

    /** Confirms the pending address whose unexpired token this is, once (the token is cleared). */
    confirm: (tokenHash: Buffer, now: Date): Promise<SubscriberRow | undefined> =>
      db
        .updateTable('newsletter_subscribers')
        .set({
          status: 'confirmed',
          confirmed_at: now,
          confirm_token_hash: null,
          confirm_expires_at: null,
        })
        .where('confirm_token_hash', '=', tokenHash)
        .where('status', '=', 'pending')
        .where('confirm_expires_at', '>', now)
        .returning(columns)
        .executeTakeFirst(),

    /** Takes the subscriber off the list; one already off keeps the time it left. */
    unsubscribe: (subscriberId: string, now: Date): Promise<SubscriberRow | undefined> =>
      db
        .updateTable('newsletter_subscribers')
        .set({
          status: 'unsubscribed',
          unsubscribed_at: now,
          confirm_token_hash: null,
          confirm_expires_at: null,
        })
        .where('id', '=', subscriberId)
        .where('status', '<>', 'unsubscribed')
        .returning(columns)
        .executeTakeFirst(),

    /** A page of subscribers, newest first (`newsletter_subscribers_recent`). */
    list: (page: { skip: number; limit: number }): Promise<SubscriberRow[]> =>
      db
        .selectFrom('newsletter_subscribers')
        .select(columns)
        .orderBy('created_at', 'desc')
        .orderBy('email')
        .offset(page.skip)
        .limit(page.limit)
        .execute(),

    counts: async () => {
      const rows = await db
        .selectFrom('newsletter_subscribers')
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('status')
        .execute();
      const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    /** The confirmed addresses (what a newsletter is sent to). */
    confirmed: (): Promise<SubscriberRow[]> =>
      db
        .selectFrom('newsletter_subscribers')
        .select(columns)
        .where('status', '=', 'confirmed')
        .orderBy('email')
        .execute(),
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
