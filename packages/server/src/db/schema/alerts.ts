import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/* Tables of alerts, digests, the alerts bell and Telegram. */

/** Telegram: a one-time deep-link code, stored as its SHA-256. */
export type TelegramLinkCodeTable = {
  code_hash: Buffer;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

/** A Telegram channel or group the product publishes to; `kinds` are 'alert' and 'brief'. */
export type TelegramChannelTable = {
  id: Generated<string>;
  chat_id: string;
  title: string;
  kinds: ColumnType<string[], string[] | undefined, string[]>;
  enabled: Generated<boolean>;
  created_at: Timestamp;
};

export type TelegramChannelPostTable = {
  id: Generated<number>;
  channel_id: string;
  kind: 'alert' | 'brief' | 'test';
  text: string;
  status: 'sent' | 'failed';
  error: string | null;
  message_id: number | null;
  created_at: Timestamp;
};

/** Alerts and digests: one message to one recipient on one channel, sent by a job. */
export type DeliveryTable = {
  id: Generated<string>;
  user_id: string | null;
  /** A newsletter subscriber's address (weekly insights); null for users. */
  address: string | null;
  channel: 'email' | 'telegram' | 'in_app' | 'push';
  kind: 'instant' | 'daily' | 'weekly' | 'insights' | 'rule';
  key: string;
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<
    'pending' | 'sending' | 'sent' | 'failed' | 'skipped',
    'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | undefined,
    'pending' | 'sending' | 'sent' | 'failed' | 'skipped'
  >;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  due_at: Timestamp;
  claimed_at: Timestamp | null;
  sent_at: Timestamp | null;
};

/** A user's alert settings; a user without a row has the defaults. */
export type AlertSettingsTable = {
  user_id: string;
  time_zone: Generated<string>;
  quiet_start: number | null;
  quiet_end: number | null;
  hourly_cap: Generated<number>;
  updated_at: Timestamp;
};

/** How far a user has seen their in-app alerts (the bell): one watermark per user. */
export type AlertReadTable = {
  user_id: string;
  seen_until: Timestamp;
  updated_at: Timestamp;
};

/** Browser push: one subscribed browser of a user (its endpoint and encryption keys). */
export type PushSubscriptionTable = {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_sent_at: Timestamp | null;
};

/** The server's VAPID key pair when it is not configured (one row, made on first start). */
export type PushVapidKeyTable = {
  id: Generated<number>;
  public_key: string;
  private_key: string;
  created_at: Timestamp;
};

/** An alert rule a user set (`@app/shared/api/alert-rules`); `keyword_query` and `keyword_lexemes` are generated. */
export type AlertRuleTable = {
  id: Generated<string>;
  user_id: string;
  kind:
    | 'price_above'
    | 'price_below'
    | 'day_move'
    | 'high_52w'
    | 'low_52w'
    | 'volume_spike'
    | 'keyword';
  scope: 'symbol' | 'watchlist' | 'holdings' | 'any';
  symbol: string | null;
  watchlist: string | null;
  threshold: number | null;
  direction: 'up' | 'down' | 'either' | null;
  keyword: string | null;
  keyword_query: ColumnType<string | null, never, never>;
  /** The phrase's words (generated), for the GIN index that finds the rules an article may match. */
  keyword_lexemes: ColumnType<string[] | null, never, never>;
  sentiment: 'bullish' | 'bearish' | null;
  defcon_max: number | null;
  repeat: boolean;
  cooldown_minutes: number;
  channels: ColumnType<string[], string[], string[]>;
  status: ColumnType<'active' | 'paused' | 'done', 'active' | 'paused' | 'done' | undefined>;
  last_fired_at: Timestamp | null;
  fire_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** Whether a rule's condition held for a symbol at its last evaluation, and on which day. */
export type AlertRuleMarkTable = {
  rule_id: string;
  symbol: string;
  holds: boolean;
  day: ColumnType<string, string, string>;
};

/** A symbol's 52-week range and volume figures for its trading day `day` (null: to compute). */
export type AlertSymbolFiguresTable = {
  exchange_ticker: string;
  bars_version: Generated<string>;
  day: ColumnType<string, string | null | undefined, string | null> | null;
  high52: number | null;
  low52: number | null;
  volume: number | null;
  avg_volume: number | null;
};

/** One time a rule fired: the history of `/pages/alerts`. */
export type AlertRuleFiringTable = {
  id: Generated<string>;
  rule_id: string | null;
  user_id: string;
  kind: string;
  symbol: string | null;
  article_id: string | null;
  story_key: string | null;
  text: string;
  link: string;
  fired_at: Timestamp;
};
