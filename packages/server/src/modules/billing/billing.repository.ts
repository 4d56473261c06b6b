import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { createPreparedRunner } from '../../db/prepared.ts';
import type { ReferralLedgerTable } from '../../db/schema.ts';
import type { OfflineSession } from '../../providers/payments/offline-payments.ts';
import { countRows, firstValue } from '../../db/row-values.ts';

export type BillingUser = {
  id: string;
  email: string;
  username: string;
  subscription: string;
  subscription_status: string;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  payment_customer_id: string | null;
  payment_subscription_id: string | null;
  subscription_event_at: Date | null;
  referred_by: string | null;
  share_referral_code: string;
};

/** The referral page's facts (`referralsOf`): dates in epoch seconds, the ledger in order. */
export type ReferralsRow = {
  code: string;
  referred: number;
  ledger: {
    date: number;
    kind: ReferralLedgerTable['kind'];
    amount_cents: number;
    description: string;
  }[];
};

const USER_COLUMNS = [
  'id',
  'email',
  'username',
  'subscription',
  'subscription_status',
  'current_period_end',
  'cancel_at_period_end',
  'payment_customer_id',
  'payment_subscription_id',
  'subscription_event_at',
  'referred_by',
  'share_referral_code',
] as const;

export type SubscriptionChange = Partial<
  Pick<
    BillingUser,
    | 'subscription'
    | 'subscription_status'
    | 'current_period_end'
    | 'cancel_at_period_end'
    | 'payment_customer_id'
    | 'payment_subscription_id'
    | 'subscription_event_at'
  >
>;

export type LedgerEntry = {
  referrer_id: string;
  referred_id: string | null;
  kind: ReferralLedgerTable['kind'];
  amount_cents: number;
  description: string;
  source: string;
  created_at: Date;
};

/** SQL for payments, sessions, feedback and the referral ledger; no decisions. */
export function createBillingRepository(db: Database) {
  const prepared = createPreparedRunner(db, 'billing');
  return {
    userById: (id: string): Promise<BillingUser | undefined> =>
      db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst(),

    userByCustomer: (customerId: string): Promise<BillingUser | undefined> =>
      db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where('payment_customer_id', '=', customerId)
        .executeTakeFirst(),

    updateUser: async (id: string, change: SubscriptionChange): Promise<void> => {
      if (Object.keys(change).length === 0) return;
      await db.updateTable('users').set(change).where('id', '=', id).execute();
    },

    /** Stores an event once; answers whether it still needs processing (new, or failed before). */
    recordEvent: async (event: {
      id: string;
      type: string;
      created: Date;
      payload: unknown;
      receivedAt: Date;
      /** Set for an event refused before processing (kept for the admin). */
      error?: string;
    }): Promise<boolean> => {
      const inserted = await db
        .insertInto('billing_events')
        .values({
          id: event.id,
          type: event.type,
          created: event.created,
          payload: JSON.stringify(event.payload),
          received_at: event.receivedAt,
          ...(event.error !== undefined && { error: event.error }),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return true;
      const row = await db
        .selectFrom('billing_events')
        .select('processed_at')
        .where('id', '=', event.id)
        .executeTakeFirst();
      return row?.processed_at === null;
    },

    finishEvent: async (id: string, at: Date, error: string | null): Promise<void> => {
      await db
        .updateTable('billing_events')
        .set(error === null ? { processed_at: at, error: null } : { error })
        .where('id', '=', id)
        .execute();
    },

    createSession: async (
      session: OfflineSession & { createdAt: Date; expiresAt: Date },
    ): Promise<void> => {
      await db
        .insertInto('billing_sessions')
        .values({
          id: session.id,
          kind: session.kind,
          user_id: session.userId,
          plan: session.plan,
          trial_days: session.trialDays,
          success_url: session.successUrl,
          cancel_url: session.cancelUrl,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
        })
        .execute();
    },

    session: (id: string, kind: 'checkout' | 'portal') =>
      db
        .selectFrom('billing_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('kind', '=', kind)
        .executeTakeFirst(),

    /** Marks a checkout session used; answers false when it already was. */
    completeSession: async (id: string, at: Date): Promise<boolean> => {
      const row = await db
        .updateTable('billing_sessions')
        .set({ completed_at: at })
        .where('id', '=', id)
        .where('completed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    addCancelFeedback: async (userId: string, reason: string, text: string, at: Date) => {
      await db
        .insertInto('cancel_feedback')
        .values({ user_id: userId, reason, text, created_at: at })
        .execute();
    },

    /** Appends a ledger entry; answers false when the same reward (referrer, kind, source) exists. */
    appendLedger: async (entry: LedgerEntry): Promise<boolean> => {
      const row = await db
        .insertInto('referral_ledger')
        .values(entry)
        .onConflict((oc) => oc.columns(['referrer_id', 'kind', 'source']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The referral page in one statement (three round trips were 0.28× the reference):
     * the user's code, how many signed up with it (`users_referred_by`), and their ledger in order.
     * A prepared statement: planning it took PostgreSQL three times as long as running it.
     * Undefined for an unknown user.
     */
    referralsOf: async (userId: string): Promise<ReferralsRow | undefined> =>
      (
        await prepared(
          sql<ReferralsRow>`
          select u.share_referral_code as code,
            (select count(*)::int from users r where r.referred_by = u.id) as referred,
            coalesce((
              select json_agg(json_build_object(
                'date', floor(extract(epoch from l.created_at))::bigint,
                'kind', l.kind,
                'amount_cents', l.amount_cents,
                'description', l.description) order by l.seq)
              from referral_ledger l where l.referrer_id = u.id), '[]'::json) as ledger
          from users u where u.id = ${userId}`.compile(db),
        )
      )[0],

    /** The commission entries of one payment (a refund reverses them). */
    commissionsOfSource: (source: string) =>
      db
        .selectFrom('referral_ledger')
        .select(['referrer_id', 'referred_id', 'amount_cents'])
        .where('kind', '=', 'commission')
        .where('source', '=', source)
        .execute(),

    /** When the referred user qualified (their free-month entry), if they did. */
    qualifiedAt: (referredId: string): Promise<Date | undefined> =>
      firstValue(
        db
          .selectFrom('referral_ledger')
          .select('created_at')
          .where('referred_id', '=', referredId)
          .where('kind', '=', 'free_month'),
      ),

    countKind: (referrerId: string, kind: LedgerEntry['kind'], sourcePrefix = '') =>
      countRows(
        db
          .selectFrom('referral_ledger')
          .where('referrer_id', '=', referrerId)
          .where('kind', '=', kind)
          .where('source', 'like', sql<string>`${sourcePrefix} || '%'`),
      ),

    /** Every qualification date of a referrer's referrals. */
    qualificationsOf: async (referrerId: string): Promise<Date[]> =>
      (
        await db
          .selectFrom('referral_ledger')
          .select('created_at')
          .where('referrer_id', '=', referrerId)
          .where('kind', '=', 'free_month')
          .execute()
      ).map((row) => row.created_at),
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
