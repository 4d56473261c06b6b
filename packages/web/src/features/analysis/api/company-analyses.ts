import type { CompanyAnalysis } from '@app/shared/api/analysis';
import type { Company } from '@app/shared/api/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Every analysis query lives under this key. */
export const ANALYSIS_QUERY_KEY = ['company-analyses'] as const;

const loadAnalysesSchema = () => import('./analysis-schemas').then((m) => m.analysesResponseSchema);

/** One page of analyses, each with its company, and whether another page follows. */
export interface AnalysesPage {
  items: { analysis: CompanyAnalysis; company: Company | undefined }[];
  /** The company a symbol page is about (also when it has no analysis yet). */
  companies: Company[];
  hasNext: boolean;
}

/** Which analyses: each company's latest, or one company's (by `EXCHANGE:TICKER`). */
export type AnalysesSource = { kind: 'latest' } | { kind: 'symbol'; symbol: string };

/**
 * GET /company/latest_prompts or /company/query_prompts?symbol=: page `page` (1-based) of
 * `pageSize`. One extra analysis is asked for, to know whether a next page exists.
 */
export async function fetchAnalysesPage(
  source: AnalysesSource,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AnalysesPage> {
  const range = { skip: (page - 1) * pageSize, limit: pageSize + 1 };
  const response =
    source.kind === 'latest'
      ? await apiGet('/company/latest_prompts', range, { loadSchema: loadAnalysesSchema, signal })
      : await apiGet(
          '/company/query_prompts',
          { symbol: source.symbol, order_by: '-ai_upload_date', ...range },
          { loadSchema: loadAnalysesSchema, signal },
        );
  const companies = new Map(response.companies.map((company) => [company.id, company]));
  return {
    items: response.news
      .slice(0, pageSize)
      .map((analysis) => ({ analysis, company: companies.get(analysis.company_id) })),
    companies: response.companies,
    hasNext: response.news.length > pageSize,
  };
}

export function analysesPageQueryOptions(source: AnalysesSource, page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...ANALYSIS_QUERY_KEY, source, page, pageSize] as const,
    queryFn: ({ signal }) => fetchAnalysesPage(source, page, pageSize, signal),
    staleTime: 60_000,
  });
}

/** A page of company analyses. */
export function useAnalysesPage(source: AnalysesSource, page: number, pageSize: number) {
  return useQuery(analysesPageQueryOptions(source, page, pageSize));
}

/** Whose latest analysis: a company by its ticker (the URL a company page's path gives), or by id. */
export type LatestAnalysisOf = { symbol: string } | { companyId: string };

/**
 * Spec §7 "a company's latest AI review": GET /company/query_prompts?symbol=|company_id=
 * &ai_summary__exists=1&order_by=-ai_upload_date&limit=1, the newest analysis or null when there
 * is none. By ticker when the page has one: that URL follows from the page's path, so the server
 * draws the review with the page's first screen (`companyDrawnWith` of `@app/shared/first-view`)
 * instead of the review arriving after it and pushing the cards below it down.
 */
export async function fetchLatestCompanyAnalysis(
  of: LatestAnalysisOf,
  signal?: AbortSignal,
): Promise<CompanyAnalysis | null> {
  const whose = 'symbol' in of ? { symbol: of.symbol } : { company_id: of.companyId };
  const response = await apiGet(
    '/company/query_prompts',
    { ...whose, ai_summary__exists: 1, order_by: '-ai_upload_date', limit: 1 },
    { loadSchema: loadAnalysesSchema, signal },
  );
  return response.news[0] ?? null;
}

export function latestCompanyAnalysisQueryOptions(of: LatestAnalysisOf) {
  return queryOptions({
    queryKey: [...ANALYSIS_QUERY_KEY, 'latest-of', of] as const,
    queryFn: ({ signal }) => fetchLatestCompanyAnalysis(of, signal),
    staleTime: 60_000,
  });
}

/** The company's latest analysis (null: it has none). */
export function useLatestCompanyAnalysis(of: LatestAnalysisOf) {
  return useQuery(latestCompanyAnalysisQueryOptions(of));
}
