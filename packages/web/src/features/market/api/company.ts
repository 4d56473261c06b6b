import type { Company } from '@app/shared/api/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { MARKET_QUERY_KEY } from './market-query-keys';

/** How a company is looked up (spec §2 company page: `id`, `name`, `symbol`). */
export type CompanyFilter = { symbol: string } | { id: string } | { name: string };

async function queryCompanies(query: Record<string, string>, signal?: AbortSignal) {
  const response = await apiGet('/company/query', query, {
    loadSchema: () => import('./market-schemas').then((m) => m.companiesResponseSchema),
    signal,
  });
  return response.companies;
}

/**
 * GET /company/query?exchange_tickers=|id=|company_name= (spec §7): the first match, or null.
 * A name is tried as the company name first, then as the URL-safe name.
 */
export async function fetchCompany(
  filter: CompanyFilter,
  signal?: AbortSignal,
): Promise<Company | null> {
  if ('symbol' in filter) {
    const [company] = await queryCompanies(
      { exchange_tickers: filter.symbol.toUpperCase(), limit: '1' },
      signal,
    );
    return company ?? null;
  }
  if ('id' in filter) {
    const [company] = await queryCompanies({ id: filter.id, limit: '1' }, signal);
    return company ?? null;
  }
  const [byName] = await queryCompanies({ company_name: filter.name, limit: '1' }, signal);
  if (byName) return byName;
  const [bySafeName] = await queryCompanies({ safe_name: filter.name, limit: '1' }, signal);
  return bySafeName ?? null;
}

export function companyQueryOptions(filter: CompanyFilter) {
  return queryOptions({
    queryKey: [...MARKET_QUERY_KEY, 'company', filter] as const,
    queryFn: ({ signal }) => fetchCompany(filter, signal),
    staleTime: 5 * 60_000,
  });
}

/** The company of a filter; `data` is null when none matches. */
export function useCompany(filter: CompanyFilter | null) {
  return useQuery({
    ...companyQueryOptions(filter ?? { id: '' }),
    enabled: filter !== null,
  });
}
