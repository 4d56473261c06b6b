import { tickerOf } from '@app/shared/symbols';
import { loadDemoCompanies } from '../../demo/companies.ts';
import type { Database } from '../../db/database.ts';
import { safeName } from './company.mapper.ts';
import { createCompanyRepository } from './company.repository.ts';

/** Loads the bundled demo companies and their listings when the companies table is empty. */
export async function ensureDemoCompanies(db: Database): Promise<number> {
  const companies = createCompanyRepository(db);
  if ((await companies.count()) > 0) return 0;
  const seen = new Set<string>();
  const rows = loadDemoCompanies().map((company) => {
    let name = safeName(company.name);
    // Two companies can share a name (share classes); the ticker keeps the safe name unique.
    if (seen.has(name)) name = `${name}_${safeName(tickerOf(company.symbol))}`;
    seen.add(name);
    return {
      company_name: company.name,
      safe_name: name,
      exchange_tickers: [company.symbol],
      website: company.website,
      gics_sector: company.sector,
      gics_sub_industry: company.sub_industry,
      long_business_summary: company.summary,
      quote_type: company.quote_type,
    };
  });
  await companies.insertWithSecurities(rows).catch((error: unknown) => {
    // Another process (API and worker starting together) loaded them first.
    if ((error as { code?: string }).code !== '23505') throw error;
  });
  return rows.length;
}
