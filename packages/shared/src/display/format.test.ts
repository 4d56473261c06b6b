import { describe, it, expect } from 'vitest';
import {
  formatChange,
  formatCompact,
  formatPercent,
  formatPrice,
  formatVolume,
  NOT_AVAILABLE,
} from './format.ts';

const NON_FINITE = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

describe('formatPrice', () => {
  it('shows prices with 2 decimals and thousands separators', () => {
    expect(formatPrice(1234.5)).toBe('1,234.50');
    expect(formatPrice(1234567.891)).toBe('1,234,567.89');
    expect(formatPrice(0.1)).toBe('0.10');
  });

  it('rounds to 2 decimals', () => {
    expect(formatPrice(1.006)).toBe('1.01');
    expect(formatPrice(2.994)).toBe('2.99');
  });

  it('shows zero without a sign, including negative zero and values rounding to zero', () => {
    expect(formatPrice(0)).toBe('0.00');
    expect(formatPrice(-0)).toBe('0.00');
    expect(formatPrice(-0.001)).toBe('0.00');
  });

  it('shows negative prices with a minus sign', () => {
    expect(formatPrice(-1234.5)).toBe('-1,234.50');
  });

  it('prefixes a dollar sign for USD', () => {
    expect(formatPrice(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatPrice(-3, 'USD')).toBe('-$3.00');
  });

  it('formats other ISO currencies in en-US, always with 2 decimals', () => {
    expect(formatPrice(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatPrice(1234.5, 'GBP')).toBe('£1,234.50');
    expect(formatPrice(1234, 'JPY')).toBe('¥1,234.00');
  });

  it('falls back to the plain number for an empty or malformed currency code', () => {
    expect(formatPrice(1234.5, '')).toBe('1,234.50');
    expect(formatPrice(1234.5, 'dollars')).toBe('1,234.50');
  });

  it('shows "—" for a non-finite price', () => {
    for (const n of NON_FINITE) {
      expect(formatPrice(n)).toBe(NOT_AVAILABLE);
      expect(formatPrice(n, 'USD')).toBe('—');
    }
  });
});

describe('formatPercent', () => {
  it('shows percentages with 2 decimals and a sign for positive values', () => {
    expect(formatPercent(3.25)).toBe('+3.25%');
    expect(formatPercent(-1)).toBe('-1.00%');
    expect(formatPercent(1234.5)).toBe('+1,234.50%');
  });

  it('shows zero without a sign, including negative zero and values rounding to zero', () => {
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(-0)).toBe('0.00%');
    expect(formatPercent(-0.001)).toBe('0.00%');
    expect(formatPercent(0.004)).toBe('0.00%');
  });

  it('uses the caller-given number of decimals (0 in the recommendations table)', () => {
    expect(formatPercent(3.6, 0)).toBe('+4%');
    expect(formatPercent(-3.14159, 3)).toBe('-3.142%');
  });

  it('clamps negative decimals to 0 and falls back to 2 for non-finite decimals', () => {
    expect(formatPercent(3.25, -1)).toBe('+3%');
    expect(formatPercent(3.25, Number.NaN)).toBe('+3.25%');
  });

  it('shows "—" for a non-finite percentage', () => {
    for (const n of NON_FINITE) expect(formatPercent(n)).toBe('—');
  });
});

describe('formatChange', () => {
  it('shows a signed change with 2 decimals', () => {
    expect(formatChange(1.234)).toBe('+1.23');
    expect(formatChange(-0.4)).toBe('-0.40');
    expect(formatChange(1500)).toBe('+1,500.00');
  });

  it('shows zero without a sign', () => {
    expect(formatChange(0)).toBe('0.00');
    expect(formatChange(-0)).toBe('0.00');
    expect(formatChange(-0.004)).toBe('0.00');
  });

  it('shows "—" for a non-finite change', () => {
    for (const n of NON_FINITE) expect(formatChange(n)).toBe('—');
  });
});

describe('formatVolume', () => {
  it('shows volumes under a thousand as they are', () => {
    expect(formatVolume(0)).toBe('0');
    expect(formatVolume(950)).toBe('950');
    expect(formatVolume(999)).toBe('999');
  });

  it('uses K, M, B and T labels', () => {
    expect(formatVolume(1200)).toBe('1.2K');
    expect(formatVolume(3_450_000)).toBe('3.45M');
    expect(formatVolume(12_345_678_901)).toBe('12.3B');
    expect(formatVolume(2_000_000_000_000)).toBe('2T');
  });

  it('keeps up to 3 significant digits and trims trailing zeros', () => {
    expect(formatVolume(1234)).toBe('1.23K');
    expect(formatVolume(1000)).toBe('1K');
    expect(formatVolume(5_100_000)).toBe('5.1M');
  });

  it('moves to the next label when rounding reaches a thousand', () => {
    expect(formatVolume(999.6)).toBe('1K');
    expect(formatVolume(999_950)).toBe('1M');
  });

  it('stays in T beyond a thousand trillion', () => {
    expect(formatVolume(1.5e15)).toBe('1500T');
  });

  it('shows negative zero as 0 and keeps the sign of negative values', () => {
    expect(formatVolume(-0)).toBe('0');
    expect(formatVolume(-1200)).toBe('-1.2K');
  });

  it('shows "—" for a non-finite volume', () => {
    for (const n of NON_FINITE) {
      expect(formatVolume(n)).toBe('—');
      expect(formatCompact(n)).toBe('—');
    }
  });
});

describe('formatCompact', () => {
  it('uses the caller-given number of significant digits', () => {
    expect(formatCompact(1_234_567, 2)).toBe('1.2M');
    expect(formatCompact(1_234_567, 4)).toBe('1.235M');
  });

  it('clamps significant digits to at least 1 and falls back to 3 when not finite', () => {
    expect(formatCompact(1_234_567, 0)).toBe('1M');
    expect(formatCompact(1_234_567, Number.NaN)).toBe('1.23M');
  });
});
