/*
 * The Kysely types of our tables, by module area in schema/*.ts, and `DB`, the database they
 * make up. Everything is re-exported here, so code imports its table types from this file.
 */
import type {
  CacheEntryTable,
  OutboxTable,
  RateLimitTable,
  UnsubscribeTokenTable,
} from './schema/platform.ts';
import type { UserTable, SessionTable, UserTokenTable } from './schema/users.ts';
import type {
  CompanyTable,
  SecurityTable,
  PriceSeriesTable,
  PriceHistoryStatusTable,
  QuoteSnapshotTable,
  TickerQuoteView,
  WatchlistTable,
  ListingFundamentalsTable,
  ScreenerMetricsTable,
  SavedScreenTable,
} from './schema/market.ts';
import type { NewsSourceTable, NewsTable } from './schema/news.ts';
import type { CompanyPromptTable, PromptTable } from './schema/analysis.ts';
import type {
  PortfolioTable,
  PortfolioTransactionTable,
  CalendarEventTable,
  UserWidgetsTable,
} from './schema/portfolio.ts';
import type {
  BillingEventTable,
  BillingSessionTable,
  CancelFeedbackTable,
  ReferralLedgerTable,
} from './schema/billing.ts';
import type {
  NewsletterSubscriberTable,
  ContactMessageTable,
  BlogPostTable,
  CommentTable,
  CommentCountTable,
  CommentReplyReadTable,
} from './schema/site.ts';
import type {
  TelegramLinkCodeTable,
  TelegramChannelTable,
  TelegramChannelPostTable,
  DeliveryTable,
  AlertSettingsTable,
  AlertReadTable,
  PushSubscriptionTable,
  PushVapidKeyTable,
  AlertRuleTable,
  AlertRuleMarkTable,
  AlertRuleFiringTable,
  AlertSymbolFiguresTable,
} from './schema/alerts.ts';
import type { CalendarFeedTable, MarketEventTable } from './schema/market-calendar.ts';

export type * from './schema/platform.ts';
export type * from './schema/users.ts';
export type * from './schema/market.ts';
export type * from './schema/news.ts';
export type * from './schema/analysis.ts';
export type * from './schema/portfolio.ts';
export type * from './schema/billing.ts';
export type * from './schema/site.ts';
export type * from './schema/alerts.ts';
export type * from './schema/market-calendar.ts';

/** The tables of our own schema (the job queue keeps its tables in the `pgboss` schema). */
export type DB = {
  cache_entries: CacheEntryTable;
  users: UserTable;
  sessions: SessionTable;
  user_tokens: UserTokenTable;
  outbox: OutboxTable;
  rate_limits: RateLimitTable;
  unsubscribe_tokens: UnsubscribeTokenTable;
  companies: CompanyTable;
  securities: SecurityTable;
  price_series: PriceSeriesTable;
  price_history_status: PriceHistoryStatusTable;
  quote_snapshots: QuoteSnapshotTable;
  ticker_quotes: TickerQuoteView;
  watchlists: WatchlistTable;
  listing_fundamentals: ListingFundamentalsTable;
  screener_metrics: ScreenerMetricsTable;
  saved_screens: SavedScreenTable;
  news: NewsTable;
  news_sources: NewsSourceTable;
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
  contact_messages: ContactMessageTable;
  blog_posts: BlogPostTable;
  deliveries: DeliveryTable;
  alert_settings: AlertSettingsTable;
  alert_reads: AlertReadTable;
  alert_rules: AlertRuleTable;
  alert_rule_marks: AlertRuleMarkTable;
  alert_rule_firings: AlertRuleFiringTable;
  alert_symbol_figures: AlertSymbolFiguresTable;
  telegram_link_codes: TelegramLinkCodeTable;
  telegram_channels: TelegramChannelTable;
  telegram_channel_posts: TelegramChannelPostTable;
  market_events: MarketEventTable;
  calendar_feeds: CalendarFeedTable;
  push_subscriptions: PushSubscriptionTable;
  push_vapid_keys: PushVapidKeyTable;
};
