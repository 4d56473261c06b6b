import { tickerQueryResponseSchema, topGrowthQuery } from '@app/shared/api/market';
import type { Ticker } from '@app/shared/api/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { MARKET_QUERY_KEY } from './market-query-keys';

/** Spec §9: the top-growth tables show 5 rows. */
export const TOP_GROWTH_ROWS = 5;

export type TopGrowthPeriod = 'change_pct_1' | 'change_pct_8';

/** GET /ticker/query/simple?{filters} (spec §7): tickers matching the query language filters. */
export async function fetchTickers(
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<Ticker[]> {
  const response = await apiGet('/ticker/query/simple', query, {
    schema: tickerQueryResponseSchema,
    signal,
  });
  return response.tickers;
}

export function tickerQueryOptions(query: Record<string, string>) {
  return queryOptions({
    queryKey: [...MARKET_QUERY_KEY, 'tickers', query] as const,
    queryFn: ({ signal }) => fetchTickers(query, signal),
  });
}

/** The server refreshes every listing's quote at least every 15 minutes, watched ones every minute. */
export const TOP_GROWTH_REFRESH_MS = 60_000;

/** Spec §2 trading home: the five best performers of the day (`change_pct_1`) or week (`_8`). */
export function useTopGrowth(period: TopGrowthPeriod) {
  return useQuery({
    ...tickerQueryOptions(topGrowthQuery(period, TOP_GROWTH_ROWS)),
    refetchInterval: TOP_GROWTH_REFRESH_MS,
  });
}
