import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/* Tables of plans, payments and referrals. */

/** Every payment event received from the provider, stored once by its id. */
export type BillingEventTable = {
  id: string;
  type: string;
  created: Timestamp;
  payload: ColumnType<unknown, string, string>;
  received_at: Timestamp;
  processed_at: Timestamp | null;
  error: string | null;
};

/** The offline provider's checkout and portal sessions. */
export type BillingSessionTable = {
  id: string;
  kind: 'checkout' | 'portal';
  user_id: string;
  plan: Generated<string>;
  trial_days: Generated<number>;
  success_url: Generated<string>;
  cancel_url: Generated<string>;
  created_at: Timestamp;
  expires_at: Timestamp;
  completed_at: Timestamp | null;
};

export type CancelFeedbackTable = {
  id: Generated<string>;
  user_id: string;
  reason: string;
  text: Generated<string>;
  created_at: Timestamp;
};

/** The referral programme's append-only ledger; `source` makes each reward once. */
export type ReferralLedgerTable = {
  id: Generated<string>;
  /** Append order. */
  seq: Generated<string>;
  referrer_id: string;
  referred_id: string | null;
  kind: 'free_month' | 'commission' | 'bonus' | 'reversal';
  amount_cents: number;
  description: string;
  source: string;
  created_at: Timestamp;
};
