import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, TimestampDefault } from './columns.ts';

/* Tables of the market: companies and their listings, daily prices, quotes and watchlists. */

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

/** The latest quote of a listing and the change fields derived from its bars (docs/domain-rules.md "Market data"). */
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

/** What the market-data provider knows of a listing beyond its prices; null where it does not say. */
export type ListingFundamentalsTable = {
  exchange_ticker: string;
  shares_outstanding: number | null;
  dividend_per_share: number | null;
  eps_ttm: number | null;
  source: string;
  updated_at: Timestamp;
};

/** The screener's per-listing figures, computed by the `screener.refresh-metrics` job. */
export type ScreenerMetricsTable = {
  exchange_ticker: string;
  company_name: string;
  sector: string | null;
  industry: string | null;
  exchange: string;
  currency: string | null;
  price: number | null;
  market_cap: number | null;
  change_pct_1: number | null;
  change_pct_8: number | null;
  change_pct_31: number | null;
  change_pct_365: number | null;
  high_52w: number | null;
  low_52w: number | null;
  from_high_pct: number | null;
  from_low_pct: number | null;
  avg_volume: number | null;
  dividend_yield: number | null;
  pe_ratio: number | null;
  news_count_7d: number;
  sentiment_7d: number | null;
  computed_at: Timestamp;
};

/** A user's named screen: the screener's query string. */
export type SavedScreenTable = {
  id: Generated<string>;
  user_id: string;
  name: string;
  query: string;
  created_at: Timestamp;
};
