import { describe, expect, it } from 'vitest';
import { exchangeOf, joinSymbol, splitSymbol, tickerOf } from './symbols.ts';

describe('symbols', () => {
  it('splits at the first colon, so a ticker keeps its dots and dashes', () => {
    expect(splitSymbol('NYSE:BRK.B')).toEqual({ exchange: 'NYSE', ticker: 'BRK.B' });
    expect(splitSymbol('OTC:A:B')).toEqual({ exchange: 'OTC', ticker: 'A:B' });
    expect(tickerOf('NASDAQ:AAPL')).toBe('AAPL');
    expect(exchangeOf('NASDAQ:AAPL')).toBe('NASDAQ');
  });

  it('reads a bare ticker as a ticker without an exchange', () => {
    expect(splitSymbol('AAPL')).toEqual({ exchange: '', ticker: 'AAPL' });
    expect(tickerOf('AAPL')).toBe('AAPL');
    expect(exchangeOf('AAPL')).toBe('');
  });

  it('joins what it splits', () => {
    const { exchange, ticker } = splitSymbol('LSE:VOD');
    expect(joinSymbol(exchange, ticker)).toBe('LSE:VOD');
  });
});
