/* Watchlist and chart constants (market.ts re-exports them): no zod here, so a page's first load
 * imports them without the schemas. */

/** The list every user gets on first use (spec §3). */
export const DEFAULT_WATCHLIST = 'default';
/** Spec §4: at most this many symbols a list. */
export const WATCHLIST_MAX_SYMBOLS = 200;
/** Spec §9: the list shown to visitors and to users without a watchlist. */
export const DEFAULT_TICKERS = ['NASDAQ:SMCI', 'NASDAQ:INTC', 'NASDAQ:AMD'] as const;

/** Chart ranges of `/ticker/history/{ticker}?range=`; `1y` when absent. */
export const HISTORY_RANGES = ['1m', '3m', '6m', 'ytd', '1y', '5y', '10y', 'max'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
