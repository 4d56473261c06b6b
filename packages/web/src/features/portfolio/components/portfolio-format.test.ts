import { describe, expect, it } from 'vitest';
import { formatMoney, formatQuantity, formatSignedMoney } from './portfolio-format';

describe('portfolio formats (spec §9: 2 decimals)', () => {
  it('signs money by its direction and keeps the currency', () => {
    expect(formatSignedMoney(300, 'USD')).toBe('+$300.00');
    expect(formatSignedMoney(-12.5, 'USD')).toBe('-$12.50');
    expect(formatSignedMoney(0, 'USD')).toBe('$0.00');
    expect(formatSignedMoney(null, 'USD')).toBe('—');
  });

  it('shows unknown money as a dash and quantities without needless decimals', () => {
    expect(formatMoney(null, 'USD')).toBe('—');
    expect(formatMoney(1800, 'USD')).toBe('$1,800.00');
    expect(formatQuantity(10)).toBe('10');
    expect(formatQuantity(2.5)).toBe('2.5');
    expect(formatQuantity(1234.56789)).toBe('1,234.5679');
  });
});
