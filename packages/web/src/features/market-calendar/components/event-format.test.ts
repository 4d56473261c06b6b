import type { MarketEvent } from '@app/shared/api/market-calendar';
import { describe, expect, it } from 'vitest';
import {
  dayLabel,
  dividendLine,
  money,
  revenue,
  surpriseColor,
  surpriseLabel,
} from './event-format';

const dividend: MarketEvent = {
  symbol: 'NYSE:KO',
  company_name: 'Coca-Cola',
  sector: 'Consumer Staples',
  kind: 'dividend',
  date: '2026-12-01',
  timing: 'unknown',
  fiscal_quarter: null,
  eps_estimate: null,
  eps_reported: null,
  revenue_estimate: null,
  revenue_reported: null,
  eps_surprise_pct: null,
  revenue_surprise_pct: null,
  declared_date: '2026-11-17',
  ex_date: '2026-12-01',
  record_date: '2026-12-01',
  pay_date: '2026-12-15',
  amount: 0.51,
  split_ratio: null,
  source: 'demo',
  stories: [],
};

describe('market calendar display rules', () => {
  it('says unknown for a figure the source does not give, never a guess', () => {
    expect(money(null)).toBe('unknown');
    expect(revenue(null)).toBe('unknown');
    expect(surpriseLabel(null)).toBeNull();
    expect(dividendLine({ ...dividend, amount: null, pay_date: null })).toBe(
      'unknown a share · record Tue 1 Dec · pay unknown',
    );
  });

  it('words a beat, a miss and an in-line result, not only by colour', () => {
    expect(surpriseLabel(5.24)).toBe('Beat by 5.2%');
    expect(surpriseLabel(-3.1)).toBe('Missed by 3.1%');
    expect(surpriseLabel(0)).toBe('In line');
    expect(surpriseColor(5)).toBe('teal');
    expect(surpriseColor(-5)).toBe('red');
  });

  it('prints money, revenue and days as a reader expects', () => {
    expect(money(2.66)).toBe('$2.66');
    expect(revenue(137_956_000_000)).toBe('$138B');
    expect(dayLabel('2026-11-23')).toBe('Mon 23 Nov');
  });

  it('gives a declared dividend its amount and dates, an expected one a plain note', () => {
    expect(dividendLine(dividend)).toBe('$0.51 a share · record Tue 1 Dec · pay Tue 15 Dec');
    expect(dividendLine({ ...dividend, ex_date: null, amount: null })).toBe(
      'Declaration expected; amount not known yet',
    );
  });
});
