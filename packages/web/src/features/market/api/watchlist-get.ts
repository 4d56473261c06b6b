import { DEFAULT_WATCHLIST } from '@app/shared/api/market-constants';
import type { Financials, WatchlistResponse } from '@app/shared/api/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useLiveConnected } from '../../../lib/live/use-live';
import { useLiveQuotes } from './live-quotes';
import { watchlistQueryKey } from './market-query-keys';

/** Spec §9: the watchlist refreshes every 10 s. */
export const WATCHLIST_REFRESH_MS = 10_000;

export type Watchlist = Omit<WatchlistResponse, 'status'>;

export interface WatchlistRequest {
  /** `?add_financials=1`: the quote of every symbol, keyed by symbol. */
  withFinancials?: boolean;
}

/** GET /ticker/user/watchlist/get/{list}[?add_financials=1] (logged in). */
export async function fetchWatchlist(
  list: string,
  { withFinancials = false }: WatchlistRequest = {},
  signal?: AbortSignal,
): Promise<Watchlist> {
  const { status: _status, ...watchlist } = await apiGet(
    `/ticker/user/watchlist/get/${encodeURIComponent(list)}`,
    withFinancials ? { add_financials: 1 } : undefined,
    {
      loadSchema: () => import('@app/shared/api/market').then((m) => m.watchlistResponseSchema),
      signal,
    },
  );
  return watchlist;
}

export function watchlistQueryOptions(list: string, request: WatchlistRequest = {}) {
  const withFinancials = Boolean(request.withFinancials);
  return queryOptions({
    queryKey: [...watchlistQueryKey(list), withFinancials ? 'financials' : 'symbols'] as const,
    queryFn: ({ signal }) => fetchWatchlist(list, { withFinancials }, signal),
  });
}

export interface UseWatchlistOptions extends WatchlistRequest {
  list?: string;
  /** False for visitors: the call needs a login. */
  enabled?: boolean;
  /** Poll every 10 s (the dashboard's watchlist panel). */
  poll?: boolean;
}

export function useWatchlist({
  list = DEFAULT_WATCHLIST,
  withFinancials,
  enabled = true,
  poll = false,
}: UseWatchlistOptions = {}) {
  // Quotes pushed by the live stream while it is up replace the 10 s polling.
  const connected = useLiveConnected();
  const pushed = enabled && poll && withFinancials === true;
  const query = useQuery({
    ...watchlistQueryOptions(list, { withFinancials }),
    enabled,
    refetchInterval: poll && !(pushed && connected) ? WATCHLIST_REFRESH_MS : false,
  });
  useLiveQuotes(query.data?.exchange_tickers ?? [], pushed);
  return query;
}

function pickFinancials(
  financials: Record<string, Financials>,
  symbols: readonly string[],
): Record<string, Financials> {
  return Object.fromEntries(
    symbols.flatMap((symbol) => {
      const quote = financials[symbol];
      return quote ? [[symbol, quote] as const] : [];
    }),
  );
}

/**
 * Puts the watchlist a change answered into every cached variant of that list, keeping the quotes
 * already loaded for symbols still on it. Variants with quotes are refetched when a symbol was added
 * whose quote is not known yet (an append answers without quotes).
 */
export async function updateCachedWatchlist(
  queryClient: QueryClient,
  watchlist: Watchlist,
): Promise<void> {
  const prefix = watchlistQueryKey(watchlist.name);
  let missingQuotes = false;
  for (const [queryKey, cached] of queryClient.getQueriesData<Watchlist>({ queryKey: prefix })) {
    if (!cached) continue;
    if (!cached.financials) {
      queryClient.setQueryData<Watchlist>(queryKey, { ...watchlist, financials: undefined });
      continue;
    }
    const financials = pickFinancials(
      { ...cached.financials, ...watchlist.financials },
      watchlist.exchange_tickers,
    );
    const added = watchlist.exchange_tickers.filter(
      (symbol) => !cached.exchange_tickers.includes(symbol),
    );
    if (added.some((symbol) => !(symbol in financials))) missingQuotes = true;
    queryClient.setQueryData<Watchlist>(queryKey, { ...watchlist, financials });
  }
  if (missingQuotes) {
    await queryClient.invalidateQueries({ queryKey: [...prefix, 'financials'] });
  }
}
