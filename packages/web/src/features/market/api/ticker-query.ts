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

/** Any listing whose year change is known: the probe of whether history has been loaded. */
const HISTORY_PROBE = { change_pct_365__gte: '-100', limit: '1' } as const;

/** How often a fresh start is asked whether the first history has arrived. */
export const WARM_UP_POLL_MS = 3_000;

/**
 * Whether any snapshot has its month and year changes yet. On a fresh start the worker quotes
 * the market at once but backfills history over the next seconds; until then every growth
 * filter matches nothing, which is not the same as "no company matches". Asked only when a
 * table came back empty, and again every few seconds while the answer is no.
 */
export function useMarketHistoryReady(enabled: boolean) {
  return useQuery({
    ...tickerQueryOptions(HISTORY_PROBE),
    enabled,
    select: (tickers) => tickers.length > 0,
    refetchInterval: (query) => (query.state.data?.length === 0 ? WARM_UP_POLL_MS : false),
  });
}
