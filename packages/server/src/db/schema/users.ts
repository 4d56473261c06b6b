import type { Generated } from 'kysely';
import type { Timestamp, TimestampDefault } from './columns.ts';

/* Tables of the accounts: users, their sessions and their one-time tokens. */

export type UserTable = {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  company: Generated<string>;
  address: Generated<string>;
  city: Generated<string>;
  country: Generated<string>;
  postal_code: Generated<string>;
  about_me: Generated<string>;
  share_referral_code: string;
  referred_by: string | null;
  my_telegram_chat_id: Generated<string>;
  my_debug_interface: Generated<boolean>;
  my_dev_interface: Generated<boolean>;
  my_clickbait: Generated<boolean>;
  my_email_summary: Generated<boolean>;
  my_email_alerts_daily: Generated<boolean>;
  my_instant_alerts: Generated<boolean>;
  /** Comments: e-mail the user when someone replies to their comment. */
  my_email_replies: Generated<boolean>;
  is_admin: Generated<boolean>;
  is_email_validated: Generated<boolean>;
  validation_status: Generated<'none' | 'email_sent' | 'pending' | 'approved' | 'rejected'>;
  subscription: Generated<string>;
  subscription_status: Generated<string>;
  /** Billing: the paid period's end, set only from verified payment events. */
  current_period_end: Timestamp | null;
  cancel_at_period_end: Generated<boolean>;
  payment_customer_id: string | null;
  payment_subscription_id: string | null;
  /** When the last applied subscription event was created (older ones are ignored). */
  subscription_event_at: Timestamp | null;
  created_at: TimestampDefault;
  last_access_at: Timestamp | null;
  last_email_at: Timestamp | null;
};

export type SessionTable = {
  id: Generated<string>;
  user_id: string;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: Buffer;
  created_at: TimestampDefault;
  last_used_at: TimestampDefault;
  expires_at: Timestamp;
  user_agent: Generated<string>;
};

export type UserTokenTable = {
  id: Generated<string>;
  user_id: string;
  purpose: 'recovery' | 'email_validation';
  token_hash: Buffer;
  created_at: TimestampDefault;
  expires_at: Timestamp;
};
