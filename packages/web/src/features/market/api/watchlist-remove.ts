import { DEFAULT_WATCHLIST } from '@app/shared/api/market-constants';
import type { WatchlistSymbol } from './watchlist-append';
import { changeWatchlist, useWatchlistMutation, watchlistPath } from './watchlist-change';
import type { Watchlist } from './watchlist-get';

/** GET /ticker/user/watchlist/remove_ticker/{list}/{symbol}. */
export function removeFromWatchlist({
  symbol,
  list = DEFAULT_WATCHLIST,
}: WatchlistSymbol): Promise<Watchlist> {
  return changeWatchlist(watchlistPath('remove_ticker', list, symbol));
}

/**
 * Spec §4: the row is marked deleted while the call runs (`isPending`), then gone when the
 * server's answer replaces the cached list.
 */
export function useWatchlistRemove() {
  return useWatchlistMutation(removeFromWatchlist);
}
