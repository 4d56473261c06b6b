import { tickerQueryResponseSchema, topGrowthQuery } from '@app/shared/api/market';
import type { Ticker } from '@app/shared/api/market';
import { successResponse } from '@app/shared/api/envelope';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
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

/** How often the tables and the warm-up probe are asked again while the market's history loads. */
export const WARM_UP_POLL_MS = 3_000;

const WARMING_UP_KEY = [...MARKET_QUERY_KEY, 'warming-up'] as const;

/**
 * Spec §2 trading home: the five best performers of the day (`change_pct_1`) or week (`_8`);
 * asked every few seconds while the table is short and the market's history is still loading.
 */
export function useTopGrowth(period: TopGrowthPeriod) {
  const client = useQueryClient();
  return useQuery({
    ...tickerQueryOptions(topGrowthQuery(period, TOP_GROWTH_ROWS)),
    refetchInterval: (query) => {
      const short = (query.state.data?.length ?? TOP_GROWTH_ROWS) < TOP_GROWTH_ROWS;
      const warming = client.getQueryData<boolean>(WARMING_UP_KEY) !== false;
      return short && warming ? WARM_UP_POLL_MS : TOP_GROWTH_REFRESH_MS;
    },
  });
}

/** Up to 100 companies, and up to 100 quoted listings with and without a year change. */
const COMPANIES_PROBE = { limit: '100', only: 'id' } as const;
const WITH_HISTORY_PROBE = { change_pct_365__gte: '-100', limit: '100' } as const;
const WITHOUT_HISTORY_PROBE = { change_pct_365: 'NULL', limit: '100' } as const;
const companyIdsSchema = successResponse({ companies: z.array(z.object({ id: z.string() })) });

/** Listings still waiting for their history above which the market counts as loading. */
const WAITING_LISTINGS = 10;

/**
 * Whether a fresh start is still loading the market: it quotes the watched symbols with their
 * history first, then the whole market, whose ten years of history arrive over the next minutes.
 * Until then the growth filters (which need month and year changes) see a sliver of the market.
 */
export async function fetchMarketWarmingUp(signal?: AbortSignal): Promise<boolean> {
  const [companies, withHistory, withoutHistory] = await Promise.all([
    apiGet('/company/query', COMPANIES_PROBE, { schema: companyIdsSchema, signal }),
    fetchTickers(WITH_HISTORY_PROBE, signal),
    fetchTickers(WITHOUT_HISTORY_PROBE, signal),
  ]);
  const quoted = withHistory.length + withoutHistory.length;
  const notQuotedYet = quoted < Math.min(100, companies.companies.length);
  return notQuotedYet || withoutHistory.length >= WAITING_LISTINGS;
}

/** Asked while a table shows fewer rows than it could, and again every few seconds while loading. */
export function useMarketWarmingUp(enabled: boolean) {
  return useQuery({
    queryKey: WARMING_UP_KEY,
    queryFn: ({ signal }) => fetchMarketWarmingUp(signal),
    enabled,
    refetchInterval: (query) => (query.state.data === true ? WARM_UP_POLL_MS : false),
  });
}
