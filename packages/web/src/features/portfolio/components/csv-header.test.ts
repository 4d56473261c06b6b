import { describe, expect, it } from 'vitest';
import { completeMapping, csvHeader, guessMapping } from './csv-header';

describe('csvHeader', () => {
  it('reads the names of the first line, quoted ones included', () => {
    expect(csvHeader('Trade Date,"Symbol, local",Qty\n2026-01-02,AAPL,1')).toEqual([
      'Trade Date',
      'Symbol, local',
      'Qty',
    ]);
    expect(csvHeader('a;"b ""x""";c\r\n1;2;3')).toEqual(['a', 'b "x"', 'c']);
    expect(csvHeader('')).toEqual([]);
  });
});

describe('column mapping', () => {
  it("guesses a broker's columns and completes only with every required one", () => {
    const guess = guessMapping(['Trade Date', 'Ticker', 'Action', 'Shares', 'Price', 'Commission']);
    expect(guess).toEqual({
      date: 'Trade Date',
      symbol: 'Ticker',
      side: 'Action',
      quantity: 'Shares',
      price: 'Price',
      fees: 'Commission',
    });
    expect(completeMapping(guess)).toEqual(guess);
    expect(completeMapping({ ...guess, side: undefined })).toBeNull();
  });
});
