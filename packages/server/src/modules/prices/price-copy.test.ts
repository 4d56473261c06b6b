import { describe, expect, it } from 'vitest';
import { encodeMonthsBinary, pgDay } from './price-copy.ts';

const bar = { date: '2026-01-05', open: 10.5, high: 11, low: 10, close: 10.75, volume: 1_234 };

describe('binary COPY encoding of price_series rows', () => {
  it('counts days from PostgreSQL’s 2000-01-01 epoch', () => {
    expect(pgDay('2000-01-01')).toBe(0);
    expect(pgDay('2000-03-01')).toBe(60);
    expect(pgDay('1999-12-31')).toBe(-1);
    expect(() => pgDay('2026-1-5')).toThrow(RangeError);
  });

  it('frames the stream with the signature and trailer and encodes the symbol and month', () => {
    const data = encodeMonthsBinary('NASDAQ:AAPL', [{ month: '2026-01-01', bars: [bar] }]);
    expect(data.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
    expect(data.readInt16BE(19)).toBe(8); // fields of the first row
    expect(data.readInt32BE(21)).toBe('NASDAQ:AAPL'.length);
    expect(data.subarray(25, 36).toString()).toBe('NASDAQ:AAPL');
    expect(data.readInt32BE(40)).toBe(pgDay('2026-01-01'));
    expect(data.readInt16BE(data.length - 2)).toBe(-1);
  });

  it('refuses bars PostgreSQL would store wrongly: non-finite prices, fractional volumes', () => {
    const month = (overrides: object) => [
      { month: '2026-01-01', bars: [{ ...bar, ...overrides }] },
    ];
    expect(() => encodeMonthsBinary('NYSE:X', month({ close: Number.NaN }))).toThrow(/not finite/);
    expect(() => encodeMonthsBinary('NYSE:X', month({ volume: 1.5 }))).toThrow(/whole number/);
  });
});
