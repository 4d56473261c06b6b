/**
 * The contract every market-data source implements (demo synthesis, Yahoo), in the spirit of
 * ghostfolio's data-provider interface. Symbols are always `EXCHANGE:TICKER` (e.g. `NASDAQ:AAPL`);
 * dates of daily bars are exchange-local calendar days `YYYY-MM-DD`.
 */

/** One trading day of OHLCV for a symbol (the spec's price history point before epoch conversion). */
export interface DailyBar {
  /** Exchange-local trading day, `YYYY-MM-DD`. */
  date: string;
  /** First traded price of the regular session. */
  open: number;
  /** Highest price of the regular session. */
  high: number;
  /** Lowest price of the regular session. */
  low: number;
  /** Last price of the regular session. */
  close: number;
  /** Shares traded during the session (integer). */
  volume: number;
}

/** A point-in-time quote for one symbol. */
export interface Quote {
  /** `EXCHANGE:TICKER`. */
  symbol: string;
  /** Latest price (the last close outside market hours). */
  price: number;
  /** Close of the trading day before the one `price` belongs to. */
  previous_close: number;
  /** Open of the trading day `price` belongs to. */
  open: number;
  /** Lowest price so far in the trading day `price` belongs to. */
  day_low: number;
  /** Highest price so far in the trading day `price` belongs to. */
  day_high: number;
  /** `price - previous_close`, in `currency`. */
  change: number;
  /** Change relative to `previous_close`, in percent (1.5 means +1.5 %). */
  change_pct: number;
  /** ISO 4217 currency code of the prices, e.g. `USD`. */
  currency: string;
  /** Instant the price refers to (the session close when the market is shut). */
  as_of: Date;
}

/** Descriptive data about the company (or fund) behind a symbol. */
export interface CompanyProfile {
  /** `EXCHANGE:TICKER`. */
  symbol: string;
  /** Company or fund name. */
  name: string;
  /** GICS sector, when known. */
  sector: string | null;
  /** GICS sub-industry, when known. */
  sub_industry: string | null;
  /** Company website URL, when known. */
  website: string | null;
  /** Short business summary, when known. */
  summary: string | null;
  /** Instrument kind as reported by the source, e.g. `EQUITY` or `ETF`. */
  quote_type: string;
  /** ISO 4217 currency code the symbol trades in. */
  currency: string;
}

/** One hit of a symbol search. */
export interface SymbolMatch {
  /** `EXCHANGE:TICKER`. */
  symbol: string;
  /** Company or fund name. */
  name: string;
  /** Instrument kind, e.g. `EQUITY` or `ETF`. */
  quote_type: string;
}

/** A news story a market-data provider lists for a symbol. */
export interface MarketNewsStory {
  /** The provider's stable id of the story. */
  id: string;
  title: string;
  /** The publisher as the provider names it. */
  publisher: string;
  /** The story's page. */
  link: string;
  published_at: Date;
  /** The provider's own symbols of related listings (e.g. Yahoo's `AAPL`, `BARC.L`). */
  related: string[];
}

/** An earnings or dividend date of a listing, as a market-data provider knows it. */
export interface CorporateEvent {
  /** `EXCHANGE:TICKER`. */
  symbol: string;
  kind: 'earnings' | 'dividend';
  /** `YYYY-MM-DD`. */
  date: string;
  /** One short line: when in the day, which dividend date, whether the date is an estimate. */
  detail: string;
}

/**
 * A dated corporate event of a listing with its figures, as the market calendar stores it:
 * results (report day, time of day, estimates and reported figures), a dividend (listed under its
 * ex-date, else its declaration day) or a split. Every figure the source does not give is null.
 */
export interface ListingEvent {
  /** `EXCHANGE:TICKER`. */
  symbol: string;
  kind: 'earnings' | 'dividend' | 'split';
  /** `YYYY-MM-DD`. */
  date: string;
  timing: 'before-open' | 'after-close' | 'unknown';
  fiscal_quarter: string | null;
  eps_estimate: number | null;
  eps_reported: number | null;
  revenue_estimate: number | null;
  revenue_reported: number | null;
  declared_date: string | null;
  ex_date: string | null;
  record_date: string | null;
  pay_date: string | null;
  amount: number | null;
  split_ratio: string | null;
}

/** A listing event's figures, every one unknown: a source fills in what it knows. */
export const UNKNOWN_EVENT_FIGURES = {
  fiscal_quarter: null,
  eps_estimate: null,
  eps_reported: null,
  revenue_estimate: null,
  revenue_reported: null,
  declared_date: null,
  ex_date: null,
  record_date: null,
  pay_date: null,
  amount: null,
  split_ratio: null,
} as const satisfies Partial<ListingEvent>;

/** Per-share figures of a listing beyond its prices; null where the provider does not say. */
export interface Fundamentals {
  /** `EXCHANGE:TICKER`. */
  symbol: string;
  shares_outstanding: number | null;
  /** Dividends per share over a year, in the listing's currency (0: pays none). */
  dividend_per_share: number | null;
  /** Earnings per share over the trailing twelve months. */
  eps_ttm: number | null;
}

/** A source of quotes, daily history, profiles and symbol search. */
export interface MarketDataProvider {
  /** Short identifier of the provider, e.g. `demo` or `yahoo`. */
  readonly name: string;
  /** Whether this provider can serve the given `EXCHANGE:TICKER` symbol. */
  canHandle(symbol: string): boolean;
  /** Current quotes for the symbols it knows; unknown symbols are left out of the result. */
  getQuotes(symbols: readonly string[]): Promise<Quote[]>;
  /** Daily bars with `from <= date <= to` (both `YYYY-MM-DD`), oldest first; empty when unknown. */
  getDailyHistory(symbol: string, from: string, to: string): Promise<DailyBar[]>;
  /** The company profile of a symbol, or null when the symbol is unknown. */
  getProfile(symbol: string): Promise<CompanyProfile | null>;
  /** Symbols whose ticker or name matches the query, best first, at most `limit`. */
  search(query: string, limit: number): Promise<SymbolMatch[]>;
  /** Recent news about each symbol, at most `perSymbol` each; only providers with a news feed. */
  news?(symbols: readonly string[], perSymbol: number): Promise<MarketNewsStory[]>;
  /**
   * Earnings and dividend dates of the symbols with `from <= date <= to` (`YYYY-MM-DD`), oldest
   * first; unknown symbols are left out. Only providers with a corporate calendar.
   */
  calendar?(symbols: readonly string[], from: string, to: string): Promise<CorporateEvent[]>;
  /**
   * Every event with its figures the provider knows for the symbols (past results and the next
   * dates), for the market calendar's daily refresh; unknown symbols are left out.
   */
  listingEvents?(symbols: readonly string[]): Promise<ListingEvent[]>;
  /** Shares, dividend and earnings per share of the symbols it knows; unknown symbols left out. */
  fundamentals?(symbols: readonly string[]): Promise<Fundamentals[]>;
}
