import type { Database } from '../../db/database.ts';

/** The admin payments view's reads: subscribers, webhook events, ledger totals, cancel feedback. */
export function createBillingAdminRepository(db: Database) {
  return {
    /** Admin view: subscribers per plan and status. */
    subscriptionCounts: () =>
      db
        .selectFrom('users')
        .select(['subscription', 'subscription_status', (eb) => eb.fn.countAll<string>().as('n')])
        .where('subscription', '!=', '')
        .groupBy(['subscription', 'subscription_status'])
        .orderBy('subscription')
        .orderBy('subscription_status')
        .execute(),

    /** Admin view: the latest events, or only those that failed. */
    recentEvents: (limit: number, failedOnly: boolean) => {
      let query = db
        .selectFrom('billing_events')
        .select(['id', 'type', 'created', 'received_at', 'processed_at', 'error']);
      if (failedOnly)
        query = query.where('error', 'is not', null).where('processed_at', 'is', null);
      return query.orderBy('received_at', 'desc').limit(limit).execute();
    },

    ledgerTotals: () =>
      db
        .selectFrom('referral_ledger')
        .select([
          'kind',
          (eb) => eb.fn.sum<string>('amount_cents').as('cents'),
          (eb) => eb.fn.countAll<string>().as('n'),
        ])
        .groupBy('kind')
        .orderBy('kind')
        .execute(),

    recentFeedback: (limit: number) =>
      db
        .selectFrom('cancel_feedback as f')
        .innerJoin('users as u', 'u.id', 'f.user_id')
        .select(['u.username', 'f.reason', 'f.text', 'f.created_at'])
        .orderBy('f.created_at', 'desc')
        .limit(limit)
        .execute(),
  };
}

export type BillingAdminRepository = ReturnType<typeof createBillingAdminRepository>;
