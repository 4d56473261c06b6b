import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { showErrorToast } from '../../../lib/toast';
import { updateCachedWatchlist } from './watchlist-get';
import type { Watchlist } from './watchlist-get';
import { symbolSegment } from '../../../lib/ticker-path';

/** GETs a watchlist change (append, remove_ticker, rm); answers the list as it now is. */
export async function changeWatchlist(path: string): Promise<Watchlist> {
  const { status: _status, ...watchlist } = await apiGet(path, undefined, {
    loadSchema: () => import('@app/shared/api/market').then((m) => m.watchlistResponseSchema),
  });
  return watchlist;
}

/** Path of a watchlist action: `/ticker/user/watchlist/{action}/{list}[/{symbol}]`. */
export function watchlistPath(action: string, list: string, symbol?: string): string {
  const base = `/ticker/user/watchlist/${action}/${encodeURIComponent(list)}`;
  return symbol === undefined ? base : `${base}/${symbolSegment(symbol)}`;
}

/** Spec §8: a failed watchlist change shows a danger toast with the error text. */
export function showWatchlistError(error: Error): void {
  showErrorToast(error.message, 'Watchlist not updated');
}

/** A change of one list whose answer replaces the cached copies of that list. */
export function useWatchlistMutation<Variables>(
  mutationFn: (variables: Variables) => Promise<Watchlist>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (watchlist) => updateCachedWatchlist(queryClient, watchlist),
    onError: showWatchlistError,
  });
}
