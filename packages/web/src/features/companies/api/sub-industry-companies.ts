import { companiesResponseSchema } from '@app/shared/api/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { CATEGORY_STALE_TIME, COMPANIES_QUERY_KEY } from './companies-query-keys';

/** The query language's cap: more than any sub-industry of the data set holds. */
export const SUB_INDUSTRY_LIMIT = 100;

/** A company button of the explore page. */
export interface CompanyLink {
  id: string;
  name: string;
  /** The first exchange ticker: where the button leads. */
  symbol: string;
}

/**
 * GET /company/query_cache?only=company_name,exchange_tickers&gics_sub_industry={x} (spec §7),
 * by name. Companies without an exchange ticker have no page and are left out.
 */
export async function fetchSubIndustryCompanies(
  subIndustry: string,
  signal?: AbortSignal,
): Promise<CompanyLink[]> {
  const response = await apiGet(
    '/company/query_cache',
    {
      only: 'company_name,exchange_tickers',
      gics_sub_industry: subIndustry,
      limit: SUB_INDUSTRY_LIMIT,
    },
    { schema: companiesResponseSchema, signal },
  );
  return response.companies.flatMap((company) => {
    const symbol = company.exchange_tickers?.[0];
    if (company.id === undefined || symbol === undefined) return [];
    return [{ id: company.id, name: company.company_name ?? symbol, symbol }];
  });
}

export function subIndustryCompaniesQueryOptions(subIndustry: string) {
  return queryOptions({
    queryKey: [...COMPANIES_QUERY_KEY, 'sub-industry', subIndustry],
    queryFn: ({ signal }) => fetchSubIndustryCompanies(subIndustry, signal),
    staleTime: CATEGORY_STALE_TIME,
  });
}

export function useSubIndustryCompanies(subIndustry: string) {
  return useQuery(subIndustryCompaniesQueryOptions(subIndustry));
}
