import { describe, expect, it } from 'vitest';
import { loadDemoCompanies } from '../../../demo/companies.ts';
import { newsroomCompanies } from '../../news/demo-newsroom/company-figures.ts';
import { demoFundamentals } from './demo-fundamentals.ts';

describe('the demo fundamentals', () => {
  const companies = loadDemoCompanies();
  const figures = demoFundamentals(companies);
  const newsroom = newsroomCompanies(companies);

  it('give market value and yield that agree with the newsroom at its reference price', () => {
    for (const company of newsroom.slice(0, 50)) {
      const listing = figures.get(company.symbol);
      expect(listing).toBeDefined();
      const value = (listing?.shares_outstanding ?? 0) * company.referencePrice;
      const yearlyRevenue = 4 * company.quarterlyRevenue;
      expect(value / (yearlyRevenue * company.priceToSales)).toBeCloseTo(1, 6);
      expect(listing?.dividend_per_share).toBe(
        company.dividend ? 4 * company.dividend.anchorAmount : 0,
      );
      expect(listing?.eps_ttm).toBeGreaterThan(0);
    }
  });

  it('leave a second share class unknown rather than count the company twice', () => {
    const known = new Set(newsroom.map((company) => company.symbol));
    const others = companies.filter((company) => !known.has(company.symbol));
    expect(others.length).toBeGreaterThan(0);
    for (const company of others) expect(figures.has(company.symbol)).toBe(false);
  });
});
