import { describe, expect, it } from 'vitest';
import { GICS_SECTORS, loadDemoCompanies } from './companies.ts';

describe('the demo company data set', () => {
  const companies = loadDemoCompanies();

  it('holds at least 500 distinct real companies with every field valid', () => {
    expect(companies.length).toBeGreaterThanOrEqual(500);
    expect(new Set(companies.map((c) => c.symbol)).size).toBe(companies.length);
    expect(new Set(companies.map((c) => c.symbol.split(':')[1])).size).toBe(companies.length);
  });

  it('covers all 11 GICS sectors', () => {
    expect(new Set(companies.map((c) => c.sector))).toEqual(new Set(GICS_SECTORS));
  });

  it('includes the default tickers of spec §9 (SMCI, INTC, AMD)', () => {
    const symbols = companies.map((c) => c.symbol);
    for (const symbol of ['NASDAQ:SMCI', 'NASDAQ:INTC', 'NASDAQ:AMD'])
      expect(symbols).toContain(symbol);
  });
});
