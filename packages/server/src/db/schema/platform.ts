import type { Generated } from 'kysely';
import type { Timestamp, TimestampDefault } from './columns.ts';

/*
 * Tables of the platform itself: the providers' cache, the mail outbox, the rate limits and the
 * one-click unsubscribe tokens of every mail.
 */

/** Key-value cache with an expiry; providers keep fetched data here and serve it with its age. */
export type CacheEntryTable = {
  key: string;
  value: unknown;
  fetched_at: TimestampDefault;
  expires_at: Timestamp;
};

export type OutboxTable = {
  id: Generated<string>;
  user_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  delivery: 'logged' | 'sent' | 'failed';
  error: string | null;
  created_at: TimestampDefault;
};

export type RateLimitTable = { key: string; hits: number; expires_at: Timestamp };

/** Every kind of mail that carries a one-click unsubscribe link. */
export type UnsubscribeKind = 'instant' | 'daily' | 'weekly' | 'rule' | 'newsletter';

/**
 * A one-click unsubscribe token of one mail (SHA-256 of the token). Alert kinds name a user
 * (`rule` also the rule), `newsletter` names a list subscriber; a check constraint holds this.
 */
export type UnsubscribeTokenTable = {
  token_hash: Buffer;
  kind: UnsubscribeKind;
  user_id: string | null;
  /** The rule whose e-mails a `rule` token stops (no foreign key: it may be deleted since). */
  rule_id: string | null;
  subscriber_id: string | null;
  created_at: Timestamp;
};
