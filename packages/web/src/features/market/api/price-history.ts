import type { HistoryRange, historyResponseSchema } from '@app/shared/api/market';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { MARKET_QUERY_KEY } from './market-query-keys';
import { symbolSegment } from '../../../lib/ticker-path';

export type PriceHistory = z.infer<typeof historyResponseSchema>;

/** The range the chart opens with (the server's default too). */
export const DEFAULT_HISTORY_RANGE: HistoryRange = '1y';

/** GET /ticker/history/{symbol}?range=: daily OHLCV bars, oldest first, and where they come from. */
export function fetchPriceHistory(
  symbol: string,
  range: HistoryRange,
  signal?: AbortSignal,
): Promise<PriceHistory> {
  return apiGet(
    `/ticker/history/${symbolSegment(symbol)}`,
    { range },
    {
      loadSchema: () => import('@app/shared/api/market').then((m) => m.historyResponseSchema),
      signal,
    },
  );
}

export function priceHistoryQueryOptions(symbol: string, range: HistoryRange) {
  return queryOptions({
    queryKey: [...MARKET_QUERY_KEY, 'history', symbol.toUpperCase(), range] as const,
    queryFn: ({ signal }) => fetchPriceHistory(symbol, range, signal),
    staleTime: 5 * 60_000,
  });
}

/** The chart's bars; the previous range stays on screen while another one loads. */
export function usePriceHistory(symbol: string, range: HistoryRange) {
  return useQuery({
    ...priceHistoryQueryOptions(symbol, range),
    placeholderData: keepPreviousData,
  });
}
