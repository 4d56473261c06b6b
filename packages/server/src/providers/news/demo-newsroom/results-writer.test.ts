import { describe, expect, it } from 'vitest';
import { loadDemoCompanies } from '../../../demo/companies.ts';
import { dividendOn, newsroomCompanies, type NewsroomCompany } from './company-figures.ts';
import type { CompanyDay } from './newsroom-prices.ts';
import { quarterFigures, writeGuidance, writeResults } from './results-writer.ts';

const companies = newsroomCompanies(loadDemoCompanies());
const company = (symbol: string) => {
  const found = companies.find((c) => c.symbol === symbol);
  if (!found) throw new Error(symbol);
  return found;
};

/** A jump day of `company` from `previousClose` to `close`. */
function jump(of: NewsroomCompany, previousClose: number, close: number): CompanyDay {
  return {
    company: of,
    day: '2027-05-20',
    index: 3000,
    close,
    previousClose,
    changePct: (close / previousClose - 1) * 100,
    z: Math.log(close / previousClose) / of.dailySd,
    volume: 1e7,
    volumeRatio: 2,
    high52: close * 1.2,
    low52: close * 0.8,
    yearAgoClose: close,
    earnings: true,
    dividend: false,
  };
}

describe('synthetic results figures', () => {
  it('beats when the jump is up and misses when it is down, by more for a larger jump', () => {
    const apple = company('NASDAQ:AAPL');
    const small = quarterFigures(jump(apple, 200, 202));
    const large = quarterFigures(jump(apple, 200, 216));
    const miss = quarterFigures(jump(apple, 200, 186));
    expect(small.direction).toBe(1);
    expect(small.eps).toBeGreaterThan(small.epsEstimate);
    expect(small.revenue).toBeGreaterThan(small.revenueEstimate);
    expect(large.eps / large.epsEstimate).toBeGreaterThan(small.eps / small.epsEstimate);
    expect(miss.direction).toBe(-1);
    expect(miss.eps).toBeLessThan(miss.epsEstimate);
    expect(miss.revenue).toBeLessThan(miss.revenueEstimate);
    expect(miss.guidance.high).toBeLessThan(miss.guidance.previousHigh);
    expect(large.guidance.low).toBeGreaterThan(large.guidance.previousLow);
  });

  it('sizes revenue by the company: billions a quarter, the sector leaders the most', () => {
    for (const c of companies) {
      expect(c.quarterlyRevenue, c.symbol).toBeGreaterThanOrEqual(0.4e9);
      expect(c.quarterlyRevenue, c.symbol).toBeLessThan(220e9);
    }
    expect(company('NASDAQ:AAPL').quarterlyRevenue).toBeGreaterThan(
      10 * company('NASDAQ:FFIV').quarterlyRevenue,
    );
    // EPS follows the share price: a quarter's earnings are a small share of it.
    const f = quarterFigures(jump(company('NYSE:JPM'), 280, 285));
    expect(f.epsEstimate / 280).toBeGreaterThan(0.002);
    expect(f.epsEstimate / 280).toBeLessThan(0.05);
  });

  it('writes one company per share class and a headline name for it', () => {
    expect(companies.filter((c) => c.name.startsWith('Alphabet'))).toHaveLength(1);
    expect(company('NASDAQ:NWSA').short).toBe('News Corp');
    expect(company('NYSE:BRK.B').short).toBe('Berkshire Hathaway');
  });

  it('raises a dividend once a year and keeps it in between', () => {
    const payer = companies.find((c) => c.dividend !== null);
    if (!payer?.dividend) throw new Error('no payer');
    const quarters = Array.from({ length: 8 }, (_, q) =>
      dividendOn(payer, (q + 40) * 63 + payer.dividend!.phase, 2_990),
    );
    expect(quarters.filter((d) => d?.raised)).toHaveLength(2);
    for (const d of quarters) expect(d!.amount).toBeGreaterThanOrEqual(d!.previous);
  });

  it('writes a beat-and-raise and a miss-and-cut in words that say so', () => {
    const apple = company('NASDAQ:AAPL');
    const up = jump(apple, 200, 216);
    const down = jump(apple, 200, 184);
    expect(writeResults(up, up.day, true, true).title).toMatch(/beat|tops|raises/i);
    expect(writeResults(down, down.day, false, true).title).toMatch(/miss|cut|lowers|slashes/i);
    expect(writeGuidance(up, up.day).description).toMatch(
      /^Apple \(NASDAQ:AAPL\) raised its full-year forecast/,
    );
    expect(writeGuidance(down, down.day).description).toMatch(
      /^Apple \(NASDAQ:AAPL\) cut its full-year forecast/,
    );
    expect(writeResults(up, up.day, true, false).body.join(' ')).toMatch(/before the opening bell/);
    expect(writeResults(up, '2027-05-19', false, false).body.join(' ')).toMatch(
      /after the closing bell on Wednesday/,
    );
  });
});
