import type { Company } from '@app/shared/api/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { MARKET_QUERY_KEY } from './market-query-keys';
import { symbolSegment } from '../../../lib/ticker-path';

/** Spec §9: related companies are requested 25 at a time, at most 20 are shown. */
export const RELATED_REQUEST_LIMIT = 25;
export const RELATED_SHOWN_MAX = 20;

/** GET /company/get_related/{symbol}?limit=25: companies of the same sub-industry, then sector. */
export async function fetchRelatedCompanies(
  symbol: string,
  signal?: AbortSignal,
): Promise<Company[]> {
  const response = await apiGet(
    `/company/get_related/${symbolSegment(symbol)}`,
    { limit: RELATED_REQUEST_LIMIT },
    {
      loadSchema: () => import('@app/shared/api/companies').then((m) => m.relatedResponseSchema),
      signal,
    },
  );
  return response.related_companies;
}

export function relatedCompaniesQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: [...MARKET_QUERY_KEY, 'related', symbol] as const,
    queryFn: ({ signal }) => fetchRelatedCompanies(symbol, signal),
    staleTime: 10 * 60_000,
  });
}

export function useRelatedCompanies(symbol: string) {
  return useQuery(relatedCompaniesQueryOptions(symbol));
}
