import { DEFAULT_WATCHLIST } from '@app/shared/api/market-constants';
import { changeWatchlist, useWatchlistMutation, watchlistPath } from './watchlist-change';
import type { Watchlist } from './watchlist-get';

/** GET /ticker/user/watchlist/rm/{list}: empties the list. */
export function clearWatchlist(list: string = DEFAULT_WATCHLIST): Promise<Watchlist> {
  return changeWatchlist(watchlistPath('rm', list));
}

export function useWatchlistClear() {
  return useWatchlistMutation(clearWatchlist);
}
