/** Every market query (companies, prices, watchlists) lives under this key. */
export const MARKET_QUERY_KEY = ['market'] as const;

/** Every variant of one watchlist (with and without financials) lives under this key. */
export function watchlistQueryKey(list: string) {
  return [...MARKET_QUERY_KEY, 'watchlist', list] as const;
}
