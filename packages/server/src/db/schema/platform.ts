import type { Generated } from 'kysely';
import type { Timestamp, TimestampDefault } from './columns.ts';

/* Tables of the platform itself: the providers' cache, the mail outbox and the rate limits. */

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
