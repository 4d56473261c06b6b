import type { Company } from '@app/shared/api/companies';
import type { CompanyRow } from './company.repository.ts';

/** The API view of a company (spec §3). */
export function toApiCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    company_name: row.company_name,
    exchange_tickers: row.exchange_tickers,
    website: row.website,
    wikipedia: row.wikipedia,
    gics_sector: row.gics_sector,
    gics_sub_industry: row.gics_sub_industry,
    ai_summary: row.ai_summary,
    long_business_summary: row.long_business_summary,
    tools: [],
    quote_type: row.quote_type,
    safe_name: row.safe_name,
  };
}

/** `Apple Inc.` → `apple_inc`: the URL-safe unique name of a company. */
export function safeName(companyName: string): string {
  return companyName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
