import { companiesResponseSchema, companySchema } from '@app/shared/api/companies';
import type { Company } from '@app/shared/api/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { COMPANIES_QUERY_KEY } from './companies-query-keys';

/** Where a company sits in the GICS tree (explore page focus). */
export interface CompanyPlace {
  name: string;
  sector: string;
  subIndustry: string;
}

/** GET /company/query?exchange_tickers={symbol}: the company's sector and sub-industry, or null. */
export async function fetchCompanyPlace(
  symbol: string,
  signal?: AbortSignal,
): Promise<CompanyPlace | null> {
  const response = await apiGet(
    '/company/query',
    { exchange_tickers: symbol, only: 'company_name,gics_sector,gics_sub_industry', limit: 1 },
    { schema: companiesResponseSchema, signal },
  );
  const [company] = response.companies;
  if (!company?.gics_sector || company.gics_sub_industry === undefined) return null;
  return {
    name: company.company_name ?? symbol,
    sector: company.gics_sector,
    subIndustry: company.gics_sub_industry,
  };
}

export function companyPlaceQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: [...COMPANIES_QUERY_KEY, 'place', symbol],
    queryFn: ({ signal }) => fetchCompanyPlace(symbol, signal),
    staleTime: 5 * 60_000,
  });
}

/** The place of `symbol` in the sector tree; idle when there is no symbol. */
export function useCompanyPlace(symbol: string | null) {
  return useQuery({ ...companyPlaceQueryOptions(symbol ?? ''), enabled: symbol !== null });
}

const fullCompaniesResponseSchema = companiesResponseSchema.extend({
  companies: companySchema.array(),
});

/** GET /company/query?safe_name={name} (spec §2 'My topics'): the company, or null. */
export async function fetchCompanyBySafeName(
  safeName: string,
  signal?: AbortSignal,
): Promise<Company | null> {
  const response = await apiGet(
    '/company/query',
    { safe_name: safeName, limit: 1 },
    { schema: fullCompaniesResponseSchema, signal },
  );
  return response.companies[0] ?? null;
}

export function companyBySafeNameQueryOptions(safeName: string) {
  return queryOptions({
    queryKey: [...COMPANIES_QUERY_KEY, 'safe-name', safeName],
    queryFn: ({ signal }) => fetchCompanyBySafeName(safeName, signal),
    staleTime: 5 * 60_000,
  });
}

export function useCompanyBySafeName(safeName: string | null) {
  return useQuery({ ...companyBySafeNameQueryOptions(safeName ?? ''), enabled: safeName !== null });
}
