import type { Financials } from '@app/shared/api/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client';
import { useLiveQuotes } from './live-quotes';
import { MARKET_QUERY_KEY } from './market-query-keys';
import { symbolSegment } from '../../../lib/ticker-path';

/** Spec §4/§9: the stock table refreshes in place every 30 s. */
export const STOCK_TABLE_REFRESH_MS = 30_000;

/** Spec §9: the month and year columns compare with the close 31 and 365 days back. */
export const PERIOD_DAYS = [31, 365] as const;

export interface FinancialsRequest {
  /** Add `days_31` and `days_365` (`?add=31,365`). */
  withPeriods?: boolean;
}

/**
 * GET /company/financials/get/{A},{B}…[?add=31,365]: the quotes of up to 50 symbols, keyed by
 * symbol. Unknown symbols have no key (the server answers 404 when none is known: an empty map).
 */
export async function fetchFinancials(
  symbols: readonly string[],
  { withPeriods = false }: FinancialsRequest = {},
  signal?: AbortSignal,
): Promise<Record<string, Financials>> {
  if (symbols.length === 0) return {};
  try {
    const response = await apiGet(
      `/company/financials/get/${symbols.map(symbolSegment).join(',')}`,
      withPeriods ? { add: PERIOD_DAYS.join(',') } : undefined,
      {
        loadSchema: () => import('@app/shared/api/market').then((m) => m.financialsResponseSchema),
        signal,
      },
    );
    return response.financials;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return {};
    throw error;
  }
}

function financialsKey(symbols: readonly string[], request: FinancialsRequest) {
  return [
    ...MARKET_QUERY_KEY,
    'financials',
    symbols.map((symbol) => symbol.trim().toUpperCase()).join(','),
    Boolean(request.withPeriods),
  ] as const;
}

/** The quotes of several symbols (the visitors' default watchlist). */
export function financialsListQueryOptions(
  symbols: readonly string[],
  request: FinancialsRequest = {},
) {
  return queryOptions({
    queryKey: financialsKey(symbols, request),
    queryFn: ({ signal }) => fetchFinancials(symbols, request, signal),
  });
}

/** The quote of one symbol; null when the symbol has none. */
export function financialsQueryOptions(symbol: string, request: FinancialsRequest = {}) {
  const key = symbol.trim().toUpperCase();
  return queryOptions({
    queryKey: [...financialsKey([key], request), 'one'] as const,
    queryFn: async ({ signal }) => {
      const quotes = await fetchFinancials([key], request, signal);
      return quotes[key] ?? null;
    },
  });
}

/**
 * The quote of `symbol`, pushed by the live stream while it is up, otherwise
 * refreshed in place every 30 s (spec §4 stock table).
 */
export function useFinancials(
  symbol: string,
  { enabled = true, ...request }: FinancialsRequest & { enabled?: boolean } = {},
) {
  const live = useLiveQuotes([symbol], enabled);
  return useQuery({
    ...financialsQueryOptions(symbol, request),
    enabled: enabled && symbol.trim() !== '',
    refetchInterval: live ? false : STOCK_TABLE_REFRESH_MS,
  });
}

export interface UseFinancialsListOptions extends FinancialsRequest {
  enabled?: boolean;
  /** Refetch interval in ms, or false. */
  refetchInterval?: number | false;
}

export function useFinancialsList(
  symbols: readonly string[],
  { enabled = true, refetchInterval = false, ...request }: UseFinancialsListOptions = {},
) {
  // A polled list is pushed by the live stream instead while it is up.
  const live = useLiveQuotes(symbols, enabled && refetchInterval !== false);
  return useQuery({
    ...financialsListQueryOptions(symbols, request),
    enabled,
    refetchInterval: live ? false : refetchInterval,
  });
}
