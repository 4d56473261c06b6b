import { z } from 'zod';
import partA from './data/companies-a.json' with { type: 'json' };
import partB from './data/companies-b.json' with { type: 'json' };

/** The 11 GICS sectors. */
export const GICS_SECTORS = [
  'Communication Services',
  'Consumer Discretionary',
  'Consumer Staples',
  'Energy',
  'Financials',
  'Health Care',
  'Industrials',
  'Information Technology',
  'Materials',
  'Real Estate',
  'Utilities',
] as const;

const demoCompanySchema = z.strictObject({
  symbol: z.string().regex(/^(NASDAQ|NYSE|NYSEARCA|NYSEAMERICAN):[A-Z][A-Z0-9.]*$/),
  name: z.string().min(2),
  sector: z.enum(GICS_SECTORS),
  sub_industry: z.string().min(3),
  website: z.url().startsWith('https://'),
  summary: z.string().min(20).max(260),
  price: z.number().positive(),
  quote_type: z.literal('EQUITY'),
});

/** A company of the bundled demo data set: public facts, and a summary written by us. */
export type DemoCompany = z.infer<typeof demoCompanySchema>;

/**
 * Each company's size rank within its sector (1 = largest), from the data set's order: it lists
 * each sector's largest companies first. Share classes of one company count separately.
 */
export function sizeRanks(companies: readonly DemoCompany[]): Map<string, number> {
  const next = new Map<string, number>();
  const ranks = new Map<string, number>();
  for (const company of companies) {
    const rank = (next.get(company.sector) ?? 0) + 1;
    next.set(company.sector, rank);
    ranks.set(company.symbol, rank);
  }
  return ranks;
}

/**
 * The demo data set: real large US-listed companies (the S&P 500 and the largest other
 * NASDAQ/NYSE names) with GICS sector and sub-industry, website, our own one-line summary and a
 * reference price level for the synthetic demo prices. Validated once, when first used.
 */
export function loadDemoCompanies(): readonly DemoCompany[] {
  const companies = z.array(demoCompanySchema).parse([...partA, ...partB]);
  const seen = new Set<string>();
  for (const company of companies) {
    if (seen.has(company.symbol)) throw new Error(`demo data: ${company.symbol} appears twice`);
    seen.add(company.symbol);
  }
  return companies;
}
