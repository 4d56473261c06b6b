import { DEFAULT_WATCHLIST } from '@app/shared/api/market-constants';
import { changeWatchlist, useWatchlistMutation, watchlistPath } from './watchlist-change';
import type { Watchlist } from './watchlist-get';

export interface WatchlistSymbol {
  symbol: string;
  list?: string;
}

/** GET /ticker/user/watchlist/append/{list}/{symbol}; a symbol already present is ignored. */
export function appendToWatchlist({
  symbol,
  list = DEFAULT_WATCHLIST,
}: WatchlistSymbol): Promise<Watchlist> {
  return changeWatchlist(watchlistPath('append', list, symbol));
}

export function useWatchlistAppend() {
  return useWatchlistMutation(appendToWatchlist);
}
