import { categoriesResponseSchema } from '@app/shared/api/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { CATEGORY_STALE_TIME, COMPANIES_QUERY_KEY } from './companies-query-keys';

/** Spec §3 Category: a GICS sector or sub-industry and how many companies it holds. */
export interface Category {
  name: string;
  count: number;
}

/**
 * GET /company/categories (the sectors) or, given a sector,
 * /company/categories?group=gics_sub_industry&gics_sector={sector} (its sub-industries).
 */
export async function fetchCategories(sector?: string, signal?: AbortSignal): Promise<Category[]> {
  const query =
    sector === undefined ? undefined : { group: 'gics_sub_industry', gics_sector: sector };
  const response = await apiGet('/company/categories', query, {
    schema: categoriesResponseSchema,
    signal,
  });
  return response.result.map((category) => ({ name: category._id, count: category.count }));
}

export function sectorsQueryOptions() {
  return queryOptions({
    queryKey: [...COMPANIES_QUERY_KEY, 'categories'],
    queryFn: ({ signal }) => fetchCategories(undefined, signal),
    staleTime: CATEGORY_STALE_TIME,
  });
}

export function subIndustriesQueryOptions(sector: string) {
  return queryOptions({
    queryKey: [...COMPANIES_QUERY_KEY, 'categories', sector],
    queryFn: ({ signal }) => fetchCategories(sector, signal),
    staleTime: CATEGORY_STALE_TIME,
  });
}

export function useSectors() {
  return useQuery(sectorsQueryOptions());
}

export function useSubIndustries(sector: string) {
  return useQuery(subIndustriesQueryOptions(sector));
}
