import type { DemoCompany } from '../../../demo/companies.ts';
import { newsroomCompanies } from '../../news/demo-newsroom/company-figures.ts';
import type { Fundamentals } from '../market-data-provider.ts';

/**
 * The demo listings' per-share figures, from the same SYNTHETIC business figures the demo
 * newsroom reports (revenue, margin, price-to-sales, dividend), so the screener and the stories
 * agree. Only a company's first share class has figures; its other classes stay unknown rather
 * than count the company twice.
 */
export function demoFundamentals(companies: readonly DemoCompany[]): Map<string, Fundamentals> {
  const out = new Map<string, Fundamentals>();
  for (const company of newsroomCompanies(companies)) {
    const yearlyRevenue = 4 * company.quarterlyRevenue;
    const shares = (yearlyRevenue * company.priceToSales) / company.referencePrice;
    out.set(company.symbol, {
      symbol: company.symbol,
      shares_outstanding: Math.round(shares),
      dividend_per_share: company.dividend ? 4 * company.dividend.anchorAmount : 0,
      eps_ttm: (yearlyRevenue * company.netMargin) / shares,
    });
  }
  return out;
}
