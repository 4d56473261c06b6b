import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './ledger.ts';
import { dailySeries, type PriceSeries } from './performance.ts';
import { createSeriesCache, type SeriesInput } from './portfolio-series-cache.ts';
import { addIsoDays, dayNumber, isoDay } from '@app/shared/dates';

const START = '2025-01-01';
const SYMBOLS = ['A', 'B', 'C'];

/** Closes of a listing on every day from START for `length` days, the last `gap` days missing. */
function closesOf(path: readonly number[], gap: number): PriceSeries {
  const kept = path.slice(0, Math.max(0, path.length - gap));
  return { days: kept.map((_, i) => addIsoDays(START, i)), closes: kept };
}

/** The input of one call: closes, and the stored quotes newer than a listing's last close. */
function inputOf(
  entries: readonly LedgerEntry[],
  closes: ReadonlyMap<string, PriceSeries>,
  quotes: ReadonlyMap<string, { day: string; price: number }>,
  asOfDay: string,
  ledgerVersion = 1,
): SeriesInput {
  const prices = new Map(closes);
  const quoteDays = new Map<string, string>();
  for (const [symbol, quote] of quotes) {
    const series = closes.get(symbol);
    const last = series?.days.at(-1);
    if (quote.day > asOfDay || (last !== undefined && quote.day <= last)) continue;
    quoteDays.set(symbol, quote.day);
    prices.set(symbol, {
      days: [...(series?.days ?? []), quote.day],
      closes: [...(series?.closes ?? []), quote.price],
    });
  }
  return { portfolioId: 'p', ledgerVersion, entries, closes, prices, quoteDays, asOfDay };
}

const entryArb = fc.record({
  type: fc.constantFrom('buy', 'buy', 'sell', 'dividend', 'fee', 'split'),
  symbol: fc.constantFrom(...SYMBOLS),
  day: fc.integer({ min: 0, max: 40 }),
  quantity: fc.integer({ min: 1, max: 20 }),
  price: fc.double({ min: 1, max: 300, noNaN: true }),
  fees: fc.constantFrom(0, 1),
});

describe('series cache', () => {
  it('gives exactly the series of one full pass, whatever the quotes, day after day', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { minLength: 1, maxLength: 30 }),
        fc.array(fc.array(fc.double({ min: 1, max: 500, noNaN: true }), { maxLength: 45 }), {
          minLength: 3,
          maxLength: 3,
        }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
        fc.array(
          fc.record({
            symbol: fc.constantFrom(...SYMBOLS),
            ago: fc.integer({ min: 0, max: 4 }),
            price: fc.double({ min: 1, max: 500, noNaN: true }),
          }),
          { maxLength: 6 },
        ),
        (raw, paths, gaps, quoteList) => {
          // Buys first on each listing so that sales and splits mostly apply.
          const entries: LedgerEntry[] = raw.map((e, seq) => ({
            type: e.type,
            symbol: e.symbol,
            date: addIsoDays(START, e.day),
            quantity: e.type === 'split' ? 2 : e.quantity,
            price: e.type === 'split' ? 0 : e.price,
            fees: e.fees,
            seq,
          }));
          const closes = new Map(
            SYMBOLS.map((symbol, i) => [symbol, closesOf(paths[i] ?? [], gaps[i] ?? 0)]),
          );
          const cache = createSeriesCache();
          for (const asOfDay of ['2025-02-08', '2025-02-09']) {
            // Quotes arrive one after the other: each call must equal a pass over the same data.
            const quotes = new Map<string, { day: string; price: number }>();
            for (const q of [undefined, ...quoteList]) {
              if (q) quotes.set(q.symbol, { day: addIsoDays(asOfDay, -q.ago), price: q.price });
              const input = inputOf(entries, closes, quotes, asOfDay);
              expect(cache.series(input)).toEqual(dailySeries(entries, input.prices, asOfDay));
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('recomputes when the ledger version or a listing’s closes change', () => {
    const buy: LedgerEntry = {
      type: 'buy',
      symbol: 'A',
      date: START,
      quantity: 1,
      price: 10,
      fees: 0,
      seq: 1,
    };
    const closes = new Map([['A', closesOf([10, 11, 12], 0)]]);
    const cache = createSeriesCache();
    const asOf = '2025-01-05';
    const first = cache.series(inputOf([buy], closes, new Map(), asOf));
    expect(first.value).toEqual([10, 11, 12]);
    // A new entry under the next version.
    const more = [buy, { ...buy, date: '2025-01-02', seq: 2 }];
    expect(cache.series(inputOf(more, closes, new Map(), asOf, 2)).value).toEqual([10, 22, 24]);
    // New closes of the listing (a new object from the closes cache).
    const newer = new Map([['A', closesOf([10, 11, 12, 13], 0)]]);
    expect(cache.series(inputOf(more, newer, new Map(), asOf, 2)).value).toEqual([10, 22, 24, 26]);
  });
});

describe('dayNumber', () => {
  it('reads a day as Date.parse does', () => {
    const days = ['2025-02-30', '2024-02-29', '2025-13-01', '0050-01-01', '1969-12-31', '', 'x'];
    for (const day of days) {
      expect(dayNumber(day)).toBe(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
    }
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
        (d) => {
          const day = isoDay(d);
          expect(dayNumber(day)).toBe(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
        },
      ),
    );
  });
});
