import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp column with a database default (optional on insert). */
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;

/** Key-value cache with an expiry; providers keep fetched data here and serve it with its age. */
export type CacheEntryTable = {
  key: string;
  value: unknown;
  fetched_at: TimestampDefault;
  expires_at: Timestamp;
};

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
  /** Comments (issue 14): e-mail the user when someone replies to their comment. */
  my_email_replies: Generated<boolean>;
  is_admin: Generated<boolean>;
  is_email_validated: Generated<boolean>;
  validation_status: Generated<'none' | 'email_sent' | 'pending' | 'approved' | 'rejected'>;
  subscription: Generated<string>;
  subscription_status: Generated<string>;
  /** Billing (issue 13): the paid period's end, set only from verified payment events. */
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

export type CompanyTable = {
  id: Generated<string>;
  company_name: string;
  safe_name: string;
  exchange_tickers: ColumnType<string[], string[] | undefined, string[]>;
  website: Generated<string>;
  wikipedia: Generated<string>;
  gics_sector: Generated<string>;
  gics_sub_industry: Generated<string>;
  long_business_summary: Generated<string>;
  ai_summary: string | null;
  quote_type: Generated<string>;
  created_at: TimestampDefault;
};

/** An exchange listing (`EXCHANGE:TICKER`) of a company. */
export type SecurityTable = {
  exchange_ticker: string;
  ticker: string;
  exchange: string;
  company_id: string;
  currency: Generated<string>;
  quote_type: Generated<string>;
};

/** A listing's daily OHLCV bars of one calendar month, as parallel arrays ordered by day. */
export type PriceSeriesTable = {
  exchange_ticker: string;
  /** First day of the month, `YYYY-MM-DD`. */
  month: string;
  days: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
};

export type PriceHistoryStatusTable = {
  exchange_ticker: string;
  first_day: string;
  last_day: string;
  updated_at: TimestampDefault;
};

/** The latest quote of a listing and the change fields derived from its bars (see ARCHITECTURE). */
export type QuoteSnapshotTable = {
  exchange_ticker: string;
  price: number;
  previous_close: number;
  open: number;
  day_low: number;
  day_high: number;
  change: number;
  change_pct: number;
  currency: string;
  source: string;
  as_of: Timestamp;
  updated_at: TimestampDefault;
  close_8: number | null;
  close_31: number | null;
  close_365: number | null;
  change_pct_1: number | null;
  change_pct_8: number | null;
  change_pct_31: number | null;
  change_pct_365: number | null;
};

/** View: a listing's latest quote with its company name (read by `/ticker/query/simple`). */
export type TickerQuoteView = {
  exchange_ticker: string;
  company_name: string;
  currency: string;
  price: number;
  change: number;
  change_pct: number;
  change_pct_1: number | null;
  change_pct_8: number | null;
  change_pct_31: number | null;
  change_pct_365: number | null;
  source: string;
};

/** A named, ordered list of symbols of one user. */
export type WatchlistTable = {
  id: Generated<string>;
  user_id: string;
  name: string;
  exchange_tickers: ColumnType<string[], string[] | undefined, string[]>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
};

export type NewsStatus = 'WAITING_INDEX' | 'PROCESSED' | 'FAILED';

/** A company named in an article, with its listings. */
export type NewsEntity = { name: string; tickers: string[] };

/** A news article (§3); `AI` is filled by the analyst, `search_vector` by the database. */
export type NewsTable = {
  id: Generated<string>;
  link: string;
  guid: string;
  title: string;
  source_title: Generated<string>;
  description: Generated<string>;
  summary: string | null;
  ai_summary: string | null;
  no_bullshit: string | null;
  publisher: Generated<string>;
  creation_date: Timestamp;
  articles: ColumnType<string[], string[] | undefined, string[]>;
  sentiment_score: ColumnType<number[], number[] | undefined, number[]>;
  interest_score: number | null;
  AI: ColumnType<unknown, string | null | undefined, string | null>;
  related_exchange_tickers: ColumnType<string[], string[] | undefined, string[]>;
  NER: ColumnType<NewsEntity[], string | undefined, string>;
  named_exchange_tickers: ColumnType<string[], string[] | undefined, string[]>;
  is_blocked: Generated<boolean>;
  experiment: string | null;
  status: Generated<NewsStatus>;
  status_reason: string | null;
  source: string;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  search_vector: ColumnType<string, never, never>;
  /** Generated: `sentiment_score[1]`. */
  sentiment_first: ColumnType<number | null, never, never>;
  /** The first article of its story (a near-duplicate cluster); NULL for that first article. */
  story_id: string | null;
  /** MinHash signature and LSH band keys of the article's text (news-stories.ts). */
  story_minhash: number[] | null;
  story_bands: number[] | null;
  /** On a story's first article: how many other reports joined its story. */
  story_reports: Generated<number>;
  /** A sentiment score its writer computed from its own figures (market briefs). */
  sentiment_hint: number | null;
  /** Fingerprint of the analyst's inputs when it last enriched the article ('reindex'). */
  enrich_inputs: string | null;
  /** The article's own fields as the API's JSON, kept by a trigger on every write (migration 2026-11-28T1500). */
  api_json: ColumnType<string, never, never>;
};

/** A company analysis (§3 Company prompt/review); `citations` are news ids, `[1]` the first. */
export type CompanyPromptTable = {
  id: Generated<string>;
  company_id: string;
  ai_summary: string;
  citations: ColumnType<string[], string[] | undefined, string[]>;
  sentiment_score: number;
  provider: string;
  inputs_fingerprint: string;
  news_count: Generated<number>;
  ai_upload_date: TimestampDefault;
  last_visited_date: Date | null;
};

export type PromptType = 'PORTFOLIO' | 'email_prompt' | 'CHAT';
export type PromptStatus = 'INDEX' | 'PROCESSED' | 'FAILED';

/**
 * A prompt or chat question with its answer (§3 Prompt/chat task). `raw` is the chat turns
 * (`{role, content}`), `citations` the API form of the answer's sources; `priority`, `queue_seq`,
 * `started_at`, `attempts` and `job_id` are the AI queue's bookkeeping.
 */
export type PromptTable = {
  id: Generated<string>;
  user_id: string;
  title: Generated<string>;
  prompt: string;
  type: PromptType;
  subtype: 'EMAIL_SUMMARY' | null;
  status: Generated<PromptStatus>;
  status_reason: string | null;
  creation_date: Timestamp;
  system: string | null;
  system_name: string | null;
  ai_summary: string | null;
  raw: ColumnType<unknown, string | undefined, string>;
  article_id: string | null;
  selection: ColumnType<string[], string[] | undefined, string[]>;
  use_markdown: Generated<boolean>;
  citations: ColumnType<unknown, string | undefined, string>;
  provider: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  /** numeric: pg returns it as a string. */
  cost_usd: ColumnType<string | null, number | null | undefined, number | null>;
  processed_at: Timestamp | null;
  deleted: Generated<boolean>;
  priority: Generated<number>;
  /** bigint: pg returns it as a string. */
  queue_seq: ColumnType<string, never, never>;
  queued_at: Timestamp;
  started_at: Timestamp | null;
  attempts: Generated<number>;
  job_id: string | null;
  updated_at: TimestampDefault;
};

/** A user's named portfolio ('default' is created on first use). */
export type PortfolioTable = {
  id: Generated<string>;
  user_id: string;
  name: string;
  created_at: TimestampDefault;
  /** Bumped by every write to the portfolio's ledger (the snapshot cache's key). */
  ledger_version: ColumnType<number, never, number>;
};

/** One ledger entry of a portfolio; numeric columns come back as numbers. */
export type PortfolioTransactionTable = {
  id: Generated<string>;
  portfolio_id: string;
  /** Entry order (identity): the entries of one day apply in this order. */
  seq: ColumnType<number, never, never>;
  type: 'buy' | 'sell' | 'dividend' | 'fee' | 'split';
  symbol: string;
  trade_date: string;
  quantity: number;
  price: number;
  fees: number;
  currency: string;
  note: string;
  created_at: Timestamp;
};

/** A user's own calendar event (`date` is a calendar day, `YYYY-MM-DD`). */
export type CalendarEventTable = {
  id: Generated<string>;
  user_id: string;
  title: string;
  date: string;
  note: Generated<string>;
  symbol: string | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
};

/** A user's dashboard widgets in their order (`[{ id, visible }]`). */
export type UserWidgetsTable = {
  user_id: string;
  widgets: ColumnType<unknown, string, string>;
  updated_at: TimestampDefault;
};

/** Every payment event received from the provider, stored once by its id (issue 13). */
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

/** Newsletter sign-ups (issue 15): only confirmed addresses receive newsletters. */
export type NewsletterSubscriberTable = {
  id: Generated<string>;
  email: string;
  status: ColumnType<
    'pending' | 'confirmed' | 'unsubscribed',
    'pending' | 'confirmed' | 'unsubscribed' | undefined,
    'pending' | 'confirmed' | 'unsubscribed'
  >;
  confirm_token_hash: Buffer | null;
  confirm_expires_at: Timestamp | null;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
};

/** A one-click unsubscribe token of one newsletter mail (SHA-256 of the token). */
export type NewsletterUnsubscribeTokenTable = {
  token_hash: Buffer;
  subscriber_id: string;
  created_at: Timestamp;
};

/** A message sent through the contact form. */
export type ContactMessageTable = {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
};

/** A weekly market recap of the blog; one per week (`week_start`, a Monday). */
export type BlogPostTable = {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  citations: string[];
  week_start: ColumnType<string, string, string>;
  week_end: ColumnType<string, string, string>;
  published_at: Timestamp;
};

/** The tables of our own schema (the job queue keeps its tables in the `pgboss` schema). */
/** Comments, replies and reports (migration 2026-11-26T1000-comments). */
export type CommentTable = {
  id: Generated<string>;
  seq: ColumnType<string, never, never>;
  article_id: string;
  parent_comment_id: string | null;
  user_id: string | null;
  content: string;
  content_hash: string;
  is_report: Generated<boolean>;
  report_state: 'open' | 'dismissed' | 'resolved' | null;
  is_hidden: Generated<boolean>;
  hidden_by: 'admin' | 'reports' | null;
  is_deleted: Generated<boolean>;
  no_replies: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp | null;
};

export type CommentCountTable = {
  article_id: string;
  visible: Generated<number>;
  top_level: Generated<number>;
};

export type CommentReplyReadTable = {
  user_id: string;
  seen_at: Timestamp;
};

/** Telegram (issue 16): a one-time deep-link code, stored as its SHA-256. */
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

/** Alerts and digests (issue 16): one message to one recipient on one channel, sent by a job. */
export type DeliveryTable = {
  id: Generated<string>;
  user_id: string | null;
  /** A newsletter subscriber's address (weekly insights); null for users. */
  address: string | null;
  channel: 'email' | 'telegram';
  kind: 'instant' | 'daily' | 'weekly' | 'insights';
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

/** A user's alert settings (issue 16); a user without a row has the defaults. */
export type AlertSettingsTable = {
  user_id: string;
  time_zone: Generated<string>;
  quiet_start: number | null;
  quiet_end: number | null;
  hourly_cap: Generated<number>;
  updated_at: Timestamp;
};

/** How far a user has seen their in-app alerts (issue 18, the bell): one watermark per user. */
export type AlertReadTable = {
  user_id: string;
  seen_until: Timestamp;
  updated_at: Timestamp;
};

/** A one-click unsubscribe token of one alert or digest mail (SHA-256 of the token). */
export type AlertUnsubscribeTokenTable = {
  token_hash: Buffer;
  user_id: string;
  kind: 'instant' | 'daily' | 'weekly';
  created_at: Timestamp;
};

export type DB = {
  cache_entries: CacheEntryTable;
  users: UserTable;
  sessions: SessionTable;
  user_tokens: UserTokenTable;
  outbox: OutboxTable;
  rate_limits: RateLimitTable;
  companies: CompanyTable;
  securities: SecurityTable;
  price_series: PriceSeriesTable;
  price_history_status: PriceHistoryStatusTable;
  quote_snapshots: QuoteSnapshotTable;
  ticker_quotes: TickerQuoteView;
  watchlists: WatchlistTable;
  news: NewsTable;
  company_prompts: CompanyPromptTable;
  prompts: PromptTable;
  portfolios: PortfolioTable;
  portfolio_transactions: PortfolioTransactionTable;
  calendar_events: CalendarEventTable;
  user_widgets: UserWidgetsTable;
  billing_events: BillingEventTable;
  billing_sessions: BillingSessionTable;
  cancel_feedback: CancelFeedbackTable;
  referral_ledger: ReferralLedgerTable;
  comments: CommentTable;
  comment_counts: CommentCountTable;
  comment_reply_reads: CommentReplyReadTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  newsletter_unsubscribe_tokens: NewsletterUnsubscribeTokenTable;
  contact_messages: ContactMessageTable;
  blog_posts: BlogPostTable;
  deliveries: DeliveryTable;
  alert_settings: AlertSettingsTable;
  alert_reads: AlertReadTable;
  alert_unsubscribe_tokens: AlertUnsubscribeTokenTable;
  telegram_link_codes: TelegramLinkCodeTable;
  telegram_channels: TelegramChannelTable;
  telegram_channel_posts: TelegramChannelPostTable;
};
