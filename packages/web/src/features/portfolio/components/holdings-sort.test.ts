import { describe, expect, it } from 'vitest';
import { makeHolding } from '../../../../test/fixtures/portfolio';
import { nextSort, sortHoldings } from './holdings-sort';

const holdings = [
  makeHolding('NASDAQ:AAPL', { market_value: 1800, day_change_pct: 1.1 }),
  makeHolding('NYSE:IBM', { market_value: null, day_change_pct: null }),
  makeHolding('NASDAQ:MSFT', { market_value: 5000, day_change_pct: -2 }),
];
const symbols = (list: { symbol: string }[]) => list.map((holding) => holding.symbol);

describe('sortHoldings', () => {
  it('orders by a number column either way, unknown values last', () => {
    expect(symbols(sortHoldings(holdings, { key: 'market_value', direction: 'desc' }))).toEqual([
      'NASDAQ:MSFT',
      'NASDAQ:AAPL',
      'NYSE:IBM',
    ]);
    expect(symbols(sortHoldings(holdings, { key: 'day_change_pct', direction: 'asc' }))).toEqual([
      'NASDAQ:MSFT',
      'NASDAQ:AAPL',
      'NYSE:IBM',
    ]);
  });

  it('orders symbols alphabetically', () => {
    expect(symbols(sortHoldings(holdings, { key: 'symbol', direction: 'asc' }))).toEqual([
      'NASDAQ:AAPL',
      'NASDAQ:MSFT',
      'NYSE:IBM',
    ]);
  });

  it('flips the direction of the same column and starts another with the largest', () => {
    expect(nextSort({ key: 'price', direction: 'desc' }, 'price')).toEqual({
      key: 'price',
      direction: 'asc',
    });
    expect(nextSort({ key: 'price', direction: 'asc' }, 'weight_pct')).toEqual({
      key: 'weight_pct',
      direction: 'desc',
    });
    expect(nextSort({ key: 'price', direction: 'asc' }, 'symbol').direction).toBe('asc');
  });
});
