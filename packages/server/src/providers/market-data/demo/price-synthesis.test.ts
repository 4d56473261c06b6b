import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DailyBar } from '../market-data-provider.ts';
import {
  ANCHOR_DATE,
  SERIES_EPOCH,
  intradayQuote,
  lastCompletedTradingDay,
  synthesisParameters,
  synthesizeDailyBars,
  tradingDaysBetween,
  volatilityBand,
} from './price-synthesis.ts';

const AAPL = { symbol: 'NASDAQ:AAPL', referencePrice: 228.5, sector: 'Information Technology' };
const SECTORS = [
  'Utilities',
  'Consumer Staples',
  'Information Technology',
  'Consumer Discretionary',
  'Energy',
  'Financials',
  'Health Care',
  undefined,
];

function logReturns(bars: readonly DailyBar[]): number[] {
  return bars.slice(1).map((bar, i) => Math.log(bar.close / (bars[i]?.close ?? Number.NaN)));
}

function annualisedVolatility(returns: readonly number[]): number {
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance * 252);
}

function isCents(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

describe('synthesizeDailyBars', () => {
  it('gives the same bars on every call', () => {
    const range = { from: '2015-01-01', to: '2026-12-31' };
    const first = synthesizeDailyBars({ ...AAPL, ...range });
    expect(synthesizeDailyBars({ ...AAPL, ...range })).toEqual(first);
    expect(synthesizeDailyBars({ ...AAPL, symbol: ' nasdaq:aapl ', ...range })).toEqual(first);
    expect(first[0]?.date).toBe(SERIES_EPOCH);
  });

  it('gives each date the same bar whatever range is requested', () => {
    const full = synthesizeDailyBars({ ...AAPL, from: SERIES_EPOCH, to: '2027-12-31' });
    const byDate = new Map(full.map((bar) => [bar.date, bar]));
    const day = fc.integer({ min: 0, max: full.length - 1 });
    fc.assert(
      fc.property(day, day, (a, b) => {
        const from = full[Math.min(a, b)]?.date ?? '';
        const to = full[Math.max(a, b)]?.date ?? '';
        const bars = synthesizeDailyBars({ ...AAPL, from, to });
        expect(bars.length).toBe(Math.abs(a - b) + 1);
        for (const bar of bars) expect(bar).toEqual(byDate.get(bar.date));
      }),
      { numRuns: 40 },
    );
  });

  it('has a bar for every trading day of the range and none before the epoch', () => {
    const bars = synthesizeDailyBars({ ...AAPL, from: '2014-06-01', to: '2016-01-31' });
    expect(bars.map((bar) => bar.date)).toEqual(tradingDaysBetween(SERIES_EPOCH, '2016-01-31'));
    expect(synthesizeDailyBars({ ...AAPL, from: '2010-01-01', to: '2014-12-31' })).toEqual([]);
    expect(synthesizeDailyBars({ ...AAPL, from: '2024-07-06', to: '2024-07-07' })).toEqual([]);
    expect(synthesizeDailyBars({ ...AAPL, from: '2024-02-01', to: '2024-01-01' })).toEqual([]);
  });

  it('closes at the reference price on the anchor date', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.double({ min: 0.5, max: 5000, noNaN: true }),
        fc.constantFrom(...SECTORS),
        (ticker, referencePrice, sector) => {
          const input = { symbol: `NYSE:${ticker}`, referencePrice, sector };
          const [bar] = synthesizeDailyBars({ ...input, from: ANCHOR_DATE, to: ANCHOR_DATE });
          expect(bar?.date).toBe(ANCHOR_DATE);
          expect(Math.abs((bar?.close ?? 0) - referencePrice)).toBeLessThanOrEqual(0.005 + 1e-9);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('keeps OHLC consistent, prices in cents above 0.01 and volumes positive integers', () => {
    for (let i = 0; i < 60; i++) {
      const sector = SECTORS[i % SECTORS.length];
      const referencePrice = [3.5, 27.1, 142.8, 910.4][i % 4] ?? 1;
      const bars = synthesizeDailyBars({
        symbol: `NYSE:SYM${i}`,
        referencePrice,
        sector,
        from: '2016-11-21',
        to: '2026-11-20',
      });
      expect(bars.length).toBeGreaterThan(2500);
      const violations: string[] = [];
      let previousClose: number | undefined;
      for (const bar of bars) {
        const { open, high, low, close, volume } = bar;
        const prices = [open, high, low, close];
        if (low > Math.min(open, close) || high < Math.max(open, close)) {
          violations.push(`${bar.date}: range`);
        }
        if (prices.some((value) => !(value > 0.01) || !isCents(value))) {
          violations.push(`${bar.date}: price`);
        }
        if (!Number.isInteger(volume) || volume <= 0) violations.push(`${bar.date}: volume`);
        if (previousClose !== undefined && Math.abs(Math.log(open / previousClose)) >= 0.1) {
          violations.push(`${bar.date}: gap`);
        }
        previousClose = close;
      }
      expect(violations).toEqual([]);
    }
  });

  it('opens close to the previous close on ordinary days', () => {
    const bars = synthesizeDailyBars({ ...AAPL, from: '2016-11-21', to: '2026-11-20' });
    const gaps = bars
      .slice(1)
      .map((bar, i) => Math.abs(Math.log(bar.open / (bars[i]?.close ?? Number.NaN))))
      .sort((a, b) => a - b);
    expect(gaps[Math.floor(gaps.length / 2)]).toBeLessThan(0.005);
    expect(gaps[Math.floor(gaps.length * 0.99)]).toBeLessThan(0.025);
  });

  it('stays above a cent for a very cheap stock', () => {
    const bars = synthesizeDailyBars({
      symbol: 'NYSE:PENNY',
      referencePrice: 0.05,
      sector: 'Energy',
      from: SERIES_EPOCH,
      to: '2027-12-31',
    });
    for (const bar of bars) expect(bar.low).toBeGreaterThan(0.01);
  });

  it('has an annualised volatility of daily log returns within the sector band', () => {
    const cases = [
      ['NYSE:DUK', 'Utilities'],
      ['NYSE:KO', 'Consumer Staples'],
      ['NASDAQ:AAPL', 'Information Technology'],
      ['NASDAQ:AMZN', 'Consumer Discretionary'],
      ['NYSE:XOM', 'Energy'],
      ['NYSE:JPM', 'Financials'],
    ] as const;
    for (const [symbol, sector] of cases) {
      const band = volatilityBand(sector);
      const designed = synthesisParameters(symbol, sector).annualVolatility;
      expect(designed).toBeGreaterThanOrEqual(band.min);
      expect(designed).toBeLessThanOrEqual(band.max);
      const bars = synthesizeDailyBars({
        symbol,
        referencePrice: 150,
        sector,
        from: '2016-11-21',
        to: '2026-11-20',
      });
      const realised = annualisedVolatility(logReturns(bars));
      expect(realised / designed).toBeGreaterThan(0.88);
      expect(realised / designed).toBeLessThan(1.12);
      expect(realised).toBeGreaterThan(band.min * 0.9);
      expect(realised).toBeLessThan(band.max * 1.1);
    }
    expect(volatilityBand('Utilities').max).toBeLessThan(
      volatilityBand('Information Technology').max,
    );
  });

  it('has fat tails (positive excess kurtosis) and an upward drift on average', () => {
    let growing = 0;
    let totalLogReturn = 0;
    const symbols = 100;
    for (let i = 0; i < symbols; i++) {
      const bars = synthesizeDailyBars({
        symbol: `NASDAQ:FAT${i}`,
        referencePrice: 100,
        from: '2016-11-21',
        to: '2026-11-20',
      });
      const returns = logReturns(bars);
      const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
      const m2 = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / returns.length;
      const m4 = returns.reduce((sum, r) => sum + (r - mean) ** 4, 0) / returns.length;
      expect(m4 / m2 ** 2 - 3).toBeGreaterThan(0.5);
      const tenYears = Math.log((bars.at(-1)?.close ?? 0) / (bars[0]?.close ?? 1));
      totalLogReturn += tenYears;
      if (tenYears > 0) growing++;
    }
    expect(growing).toBeGreaterThan(symbols / 2);
    expect(totalLogReturn / symbols).toBeGreaterThan(0);
  });

  it('trades more shares at a lower price and more on big-move days', () => {
    const range = { from: '2016-11-21', to: '2026-11-20' };
    const cheap = synthesizeDailyBars({ ...AAPL, referencePrice: 10, ...range });
    const dear = synthesizeDailyBars({ ...AAPL, referencePrice: 1000, ...range });
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
    const ratio = median(cheap.map((b) => b.volume)) / median(dear.map((b) => b.volume));
    expect(ratio).toBeGreaterThan(90);
    expect(ratio).toBeLessThan(110);

    const returns = logReturns(dear).map(Math.abs);
    const volumes = dear.slice(1).map((bar) => bar.volume);
    const threshold = [...returns].sort((a, b) => a - b)[Math.floor(returns.length * 0.95)] ?? 0;
    const big = volumes.filter((_, i) => (returns[i] ?? 0) >= threshold);
    const quiet = volumes.filter((_, i) => (returns[i] ?? 0) < threshold);
    expect(median(big)).toBeGreaterThan(1.5 * median(quiet));
  });

  it('gives different symbols different paths', () => {
    const range = { from: '2024-01-01', to: '2024-03-31', referencePrice: 100 };
    const a = synthesizeDailyBars({ symbol: 'NYSE:AAA', ...range });
    const b = synthesizeDailyBars({ symbol: 'NYSE:AAB', ...range });
    expect(a.map((bar) => bar.close)).not.toEqual(b.map((bar) => bar.close));
  });

  it('rejects a non-positive reference price and malformed dates', () => {
    expect(() =>
      synthesizeDailyBars({ ...AAPL, referencePrice: 0, from: '2024-01-01', to: '2024-02-01' }),
    ).toThrow(RangeError);
    expect(() => synthesizeDailyBars({ ...AAPL, from: '2024/01/01', to: '2024-02-01' })).toThrow(
      RangeError,
    );
  });
});

describe('intradayQuote', () => {
  const quoteAt = (iso: string) => intradayQuote({ ...AAPL, now: new Date(iso) });
  const barsOf = (from: string, to: string) => synthesizeDailyBars({ ...AAPL, from, to });

  it('is the last close, constant, from Friday close to Monday open', () => {
    const [thursday, friday] = barsOf('2026-11-19', '2026-11-20');
    const closed = [
      '2026-11-20T21:00:00Z', // Friday 16:00 EST
      '2026-11-20T23:59:00Z',
      '2026-11-21T15:00:00Z', // Saturday
      '2026-11-22T18:00:00Z', // Sunday
      '2026-11-23T14:29:59Z', // Monday 09:29:59 EST
    ].map(quoteAt);
    for (const quote of closed) expect(quote).toEqual(closed[0]);
    expect(closed[0]).toMatchObject({
      symbol: 'NASDAQ:AAPL',
      price: 228.5,
      previous_close: thursday?.close,
      open: friday?.open,
      day_low: friday?.low,
      day_high: friday?.high,
      currency: 'USD',
      as_of: new Date('2026-11-20T21:00:00Z'),
    });
  });

  it('serves the previous trading day on a holiday', () => {
    const [before, thirdOfJuly] = barsOf('2024-07-02', '2024-07-03');
    const quote = quoteAt('2024-07-04T16:00:00Z');
    expect(quote.price).toBe(thirdOfJuly?.close);
    expect(quote.previous_close).toBe(before?.close);
    expect(quote.as_of).toEqual(new Date('2024-07-03T20:00:00Z'));
  });

  it('moves smoothly during the session, from the open to the close, within the day range', () => {
    const [previous, today] = barsOf('2026-11-19', '2026-11-20');
    if (!previous || !today) throw new Error('missing bars');
    const open = Date.parse('2026-11-20T14:30:00Z');
    const prices = new Set<number>();
    let last = quoteAt('2026-11-20T14:30:00Z');
    expect(last.price).toBe(today.open);
    for (let second = 0; second < 390 * 60; second += 60) {
      const quote = intradayQuote({ ...AAPL, now: new Date(open + second * 1000) });
      prices.add(quote.price);
      expect(quote.previous_close).toBe(previous.close);
      expect(quote.open).toBe(today.open);
      expect(quote.day_low).toBeGreaterThanOrEqual(today.low);
      expect(quote.day_high).toBeLessThanOrEqual(today.high);
      expect(quote.day_low).toBeLessThanOrEqual(Math.min(quote.open, quote.price));
      expect(quote.day_high).toBeGreaterThanOrEqual(Math.max(quote.open, quote.price));
      expect(quote.day_low).toBeLessThanOrEqual(last.day_low);
      expect(quote.day_high).toBeGreaterThanOrEqual(last.day_high);
      expect(Math.abs(Math.log(quote.price / last.price))).toBeLessThan(0.01);
      expect(quote.change).toBeCloseTo(quote.price - previous.close, 6);
      expect(quote.change_pct).toBeCloseTo((100 * quote.change) / previous.close, 3);
      expect(quote.as_of.getTime()).toBe(open + second * 1000);
      last = quote;
    }
    expect(prices.size).toBeGreaterThan(50);
    expect(Math.abs(last.price - today.close) / today.close).toBeLessThan(0.01);
    expect(quoteAt('2026-11-20T21:00:00Z').price).toBe(today.close);
  });

  it('changes between refreshes and repeats for the same instant', () => {
    const a = quoteAt('2026-11-20T17:00:00Z');
    expect(quoteAt('2026-11-20T17:00:00Z')).toEqual(a);
    const later = ['2026-11-20T17:00:10Z', '2026-11-20T17:00:20Z', '2026-11-20T17:00:30Z'];
    expect(later.map(quoteAt).some((quote) => quote.price !== a.price)).toBe(true);
  });

  it('follows New York time across daylight saving time', () => {
    const [julyFifth] = barsOf('2024-07-05', '2024-07-05');
    const summerOpen = quoteAt('2024-07-05T13:30:00Z'); // 09:30 EDT
    expect(summerOpen.price).toBe(julyFifth?.open);
    expect(summerOpen.as_of).toEqual(new Date('2024-07-05T13:30:00Z'));
    const [, januaryTenth] = barsOf('2024-01-09', '2024-01-10');
    const winterEarly = quoteAt('2024-01-10T14:00:00Z'); // 09:00 EST: not open yet
    expect(winterEarly.price).not.toBe(januaryTenth?.open);
    expect(winterEarly.as_of).toEqual(new Date('2024-01-09T21:00:00Z'));
  });
});

describe('lastCompletedTradingDay', () => {
  it('is today after the close and the previous session before it', () => {
    expect(lastCompletedTradingDay(new Date('2024-07-05T20:00:00Z'))).toBe('2024-07-05');
    expect(lastCompletedTradingDay(new Date('2024-07-05T19:59:00Z'))).toBe('2024-07-03');
    expect(lastCompletedTradingDay(new Date('2024-07-07T12:00:00Z'))).toBe('2024-07-05');
    expect(lastCompletedTradingDay(new Date('2024-01-02T03:00:00Z'))).toBe('2023-12-29');
  });
});
