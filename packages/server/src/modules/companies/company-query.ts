import { companyQuerySpec } from '@app/shared/api/companies';
import { defineQueryResource } from '../../db/query/define-query-resource.ts';

/** The query language's company fields (spec §7 `/company/query`) and the columns they read. */
export const companyQuery = defineQueryResource({
  spec: companyQuerySpec,
  table: 'companies',
  tiebreaker: 'id',
  sources: {
    id: { column: 'id', asText: true },
    company_name: { column: 'company_name' },
    safe_name: { column: 'safe_name' },
    exchange_tickers: { arrayColumn: 'exchange_tickers' },
    gics_sector: { column: 'gics_sector' },
    gics_sub_industry: { column: 'gics_sub_industry' },
    quote_type: { column: 'quote_type' },
    website: { column: 'website' },
    wikipedia: { column: 'wikipedia' },
    ai_summary: { column: 'ai_summary' },
    long_business_summary: { column: 'long_business_summary' },
  },
});

export type CompanyQueryAst = ReturnType<typeof companyQuery.parse>;
