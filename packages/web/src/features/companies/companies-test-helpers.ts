import type { Company } from '@app/shared/api/companies';

/** A company as /company/query answers it. */
export function makeCompany(symbol: string, overrides: Partial<Company> = {}): Company {
  const ticker = symbol.split(':')[1] ?? symbol;
  return {
    id: `id-${ticker.toLowerCase()}`,
    company_name: `${ticker} Corp`,
    exchange_tickers: [symbol],
    website: '',
    wikipedia: '',
    gics_sector: 'Information Technology',
    gics_sub_industry: 'Semiconductors',
    ai_summary: null,
    long_business_summary: '',
    tools: [],
    quote_type: 'EQUITY',
    safe_name: `${ticker.toLowerCase()}_corp`,
    ...overrides,
  };
}

/** A suggestion response echoing `query`, with an info text per symbol. */
export function suggestionBody(query: string, companies: readonly Company[]) {
  return {
    status: 'success',
    query,
    suggestions: companies.map((company) => company.exchange_tickers[0] ?? ''),
    extra: companies.map((company) => `${company.company_name} · ${company.gics_sector}`),
  };
}
