import { screenerFacetsResponseSchema, screenerResponseSchema } from '@app/shared/api/screener';
import type { ScreenerFacets, ScreenerResponse } from '@app/shared/api/screener';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { SCREENER_FACETS_KEY, screenerResultsKey } from './screener-query-keys';

export type ScreenerResults = Omit<ScreenerResponse, 'status'>;

/** GET /screener/query?{query}: one page of the screen (the query is the page URL's). */
export async function fetchScreener(query: string, signal?: AbortSignal): Promise<ScreenerResults> {
  const { status: _status, ...results } = await apiGet(`/screener/query?${query}`, undefined, {
    schema: screenerResponseSchema,
    signal,
  });
  return results;
}

export function screenerQueryOptions(query: string) {
  return queryOptions({
    queryKey: screenerResultsKey(query),
    queryFn: ({ signal }) => fetchScreener(query, signal),
  });
}

/** The screen of `query`; the previous page stays on screen while the next one loads. */
export function useScreener(query: string) {
  return useQuery({ ...screenerQueryOptions(query), placeholderData: keepPreviousData });
}

/** GET /screener/facets: the sectors, industries and exchanges to choose from. */
export async function fetchScreenerFacets(
  signal?: AbortSignal,
): Promise<Omit<ScreenerFacets, 'status'>> {
  const { status: _status, ...facets } = await apiGet('/screener/facets', undefined, {
    schema: screenerFacetsResponseSchema,
    signal,
  });
  return facets;
}

export function useScreenerFacets() {
  return useQuery({
    queryKey: SCREENER_FACETS_KEY,
    queryFn: ({ signal }) => fetchScreenerFacets(signal),
    staleTime: 10 * 60_000,
  });
}
