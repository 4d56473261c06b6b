import { addIsoDays } from '@app/shared/dates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayLedger, type LedgerEntry } from './ledger.ts';
import { dailySeries, type PriceSeries } from './performance.ts';
import { moneyWeightedReturn, timeWeightedReturn, xirr } from './returns.ts';
import { buildSnapshot } from './portfolio-snapshot.ts';

let seq = 0;
const entry = (
  type: LedgerEntry['type'],
  date: string,
  quantity: number,
  price: number,
  fees = 0,
  symbol = 'NYSE:AAA',
): LedgerEntry => ({ type, symbol, date, quantity, price, fees, seq: (seq += 1) });

const position = (entries: LedgerEntry[], symbol = 'NYSE:AAA') => {
  const { positions, problem } = replayLedger(entries);
  expect(problem).toBeNull();
  return positions.get(symbol);
};

describe('holdings by average cost', () => {
  it('takes a partial sale out at the average cost and realises the rest', () => {
    const p = position([
      entry('buy', '2025-01-02', 10, 100, 1),
      entry('buy', '2025-01-03', 10, 130, 1),
      entry('sell', '2025-01-06', 4, 150, 2),
    ]);
    // Average cost (1000 + 1300) / 20 = 115; 4 × (150 − 115) = 140.
    expect(p).toMatchObject({ quantity: 16, realized: 140, fees: 4 });
    expect(p?.costBasis).toBeCloseTo(16 * 115, 9);
  });

  it('applies a buy and a sale of the same day in the order they were recorded', () => {
    const p = position([entry('buy', '2025-01-02', 10, 100), entry('sell', '2025-01-02', 5, 110)]);
    expect(p).toMatchObject({ quantity: 5, costBasis: 500, realized: 50 });
  });

  it('multiplies shares by a split and keeps the cost basis', () => {
    const p = position([
      entry('buy', '2025-01-02', 10, 100),
      entry('split', '2025-02-03', 2, 0),
      entry('sell', '2025-02-04', 5, 60),
    ]);
    // After the split: 20 shares at 50; selling 5 at 60 realises 50.
    expect(p).toMatchObject({ quantity: 15, costBasis: 750, realized: 50 });
  });

  it('counts dividends as income and their withholding as fees', () => {
    const p = position([
      entry('buy', '2025-01-02', 10, 100),
      entry('dividend', '2025-03-03', 10, 0.5, 0.75),
    ]);
    expect(p).toMatchObject({ dividends: 5, fees: 0.75, quantity: 10 });
  });

  it('starts a reopened position afresh and keeps what the closed one realised', () => {
    const p = position([
      entry('buy', '2025-01-02', 10, 100),
      entry('sell', '2025-01-10', 10, 120),
      entry('buy', '2025-02-03', 5, 80),
    ]);
    expect(p).toMatchObject({ quantity: 5, costBasis: 400, realized: 200 });
  });

  it('refuses to sell more than held at that date, or to split nothing', () => {
    const oversell = replayLedger([
      entry('buy', '2025-01-02', 10, 100),
      entry('sell', '2025-01-01', 5, 100),
    ]);
    expect(oversell.problem?.message).toBe(
      'You cannot sell 5 NYSE:AAA on 2025-01-01: you hold 0 then.',
    );
    const split = replayLedger([entry('split', '2025-01-02', 2, 0)]);
    expect(split.problem?.message).toBe(
      'You cannot split NYSE:AAA on 2025-01-02: you hold none then.',
    );
  });
});

/** A listing's closes on consecutive days from `start`. */
const closes = (start: string, values: number[]): PriceSeries => ({
  days: values.map((_, i) => addIsoDays(start, i)),
  closes: values,
});

describe('time- and money-weighted returns', () => {
  it('chains daily returns so that money put in at the start of a day does not move the TWR', () => {
    const prices = new Map([['NYSE:AAA', closes('2025-01-01', [100, 110, 99])]]);
    const series = dailySeries(
      [entry('buy', '2025-01-01', 10, 100), entry('buy', '2025-01-02', 10, 100)],
      prices,
      '2025-01-03',
    );
    // Day 2: (20 × 110) / (1000 + 1000) − 1 = +10 %; day 3: 1980 / 2200 − 1 = −10 %.
    expect(series.value).toEqual([1000, 2200, 1980]);
    expect(timeWeightedReturn(series, -1)).toBeCloseTo(1.1 * 0.9 - 1, 12);
    expect(series.netInvested).toEqual([1000, 2000, 2000]);
  });

  it('counts a sale at its price and a dividend as the day they happen', () => {
    const prices = new Map([['NYSE:AAA', closes('2025-01-01', [100, 100, 100])]]);
    const series = dailySeries(
      [
        entry('buy', '2025-01-01', 10, 100),
        entry('dividend', '2025-01-02', 10, 1),
        entry('sell', '2025-01-03', 10, 105),
      ],
      prices,
      '2025-01-03',
    );
    // Day 2: (1000 + 10) / 1000; day 3: (0 + 1050) / 1000.
    expect(timeWeightedReturn(series, -1)).toBeCloseTo(1.01 * 1.05 - 1, 12);
  });

  it('solves XIRR: 1,000 growing to 1,100 in 365 days is 10 % a year', () => {
    expect(
      xirr([
        { day: '2024-01-01', amount: -1000 },
        { day: '2024-12-31', amount: 1100 },
      ]),
    ).toBeCloseTo(0.1, 9);
    // Two deposits: −1000 at 0, −1000 at ½ year, 2,200 at 1 year → r with 1000(1+r) + 1000(1+r)^½ = 2200.
    const r = xirr([
      { day: '2023-01-01', amount: -1000 },
      { day: '2023-07-02', amount: -1000 },
      { day: '2024-01-01', amount: 2200 },
    ]);
    expect(r).not.toBeNull();
    const t = (dayCount: number) => dayCount / 365;
    const value = 1000 * (1 + (r ?? 0)) ** t(365) + 1000 * (1 + (r ?? 0)) ** t(365 - 182) - 2200;
    expect(Math.abs(value)).toBeLessThan(1e-6);
    expect(xirr([{ day: '2024-01-01', amount: 100 }])).toBeNull();
  });

  it('reports the period return, not an annual rate, for a range under a year', () => {
    const prices = new Map([['NYSE:AAA', closes('2025-01-01', [100, 101])]]);
    const series = dailySeries([entry('buy', '2025-01-01', 1, 100)], prices, '2025-01-02');
    expect(moneyWeightedReturn(series, -1)).toBeCloseTo(0.01, 9);
  });
});

describe('the snapshot summary', () => {
  it('adds up total return as value + sold + dividends − bought − fees', () => {
    const entries = [
      entry('buy', '2025-01-01', 10, 100, 1),
      entry('sell', '2025-01-02', 5, 110, 1),
      entry('dividend', '2025-01-03', 5, 2),
      entry('fee', '2025-01-03', 1, 3),
    ];
    const snapshot = buildSnapshot({
      portfolio: 'default',
      asOf: new Date('2025-01-03T20:00:00Z'),
      asOfDay: '2025-01-03',
      range: 'MAX',
      entries,
      prices: new Map([['NYSE:AAA', closes('2025-01-01', [100, 110, 120])]]),
      listings: new Map(),
      benchmark: { name: 'none', symbol: null, index: { days: [], levels: [] } },
    });
    // 600 + 550 + 10 − 1000 − (1 + 1 + 3) = 155.
    expect(snapshot.summary).toMatchObject({
      market_value: 600,
      cost_basis: 500,
      unrealized_pnl: 100,
      realized_pnl: 50,
      dividends: 10,
      fees: 5,
      total_return: 155,
      total_return_pct: 15.5,
    });
    expect(snapshot.holdings[0]).toMatchObject({ quantity: 5, average_cost: 100, weight_pct: 100 });
    expect(snapshot.series.map((p) => p.twr_index)[0]).toBe(100);
  });
});

/** Seeded property tests: prices as random walks of positive closes. */
const pricePath = fc.array(fc.double({ min: 1, max: 500, noNaN: true }), {
  minLength: 2,
  maxLength: 60,
});

describe('properties of the TWR', () => {
  it('equals the price return for a portfolio of one buy', () => {
    fc.assert(
      fc.property(pricePath, fc.double({ min: 0.01, max: 1000, noNaN: true }), (path, qty) => {
        const prices = new Map([['NYSE:AAA', closes('2024-01-01', path)]]);
        const series = dailySeries(
          [entry('buy', '2024-01-01', qty, path[0] ?? 1)],
          prices,
          addIsoDays('2024-01-01', path.length - 1),
        );
        const expected = (path.at(-1) ?? 1) / (path[0] ?? 1) - 1;
        expect(timeWeightedReturn(series, -1)).toBeCloseTo(expected, 8);
      }),
      { seed: 12, numRuns: 200 },
    );
  });

  it('does not change when money is added at the start of a day or taken out at its close', () => {
    fc.assert(
      fc.property(
        pricePath,
        fc.array(fc.tuple(fc.nat(), fc.double({ min: -0.9, max: 3, noNaN: true })), {
          maxLength: 20,
        }),
        (path, flows) => {
          const start = '2024-01-01';
          const prices = new Map([['NYSE:AAA', closes(start, path)]]);
          const end = addIsoDays(start, path.length - 1);
          const base = [entry('buy', start, 10, path[0] ?? 1)];
          let held = 10;
          const more: LedgerEntry[] = [];
          for (const [at, size] of [...flows].sort(
            (a, b) => (a[0] % path.length) - (b[0] % path.length),
          )) {
            const i = 1 + (at % (path.length - 1));
            if (size >= 0) {
              // Bought at the previous close: the money works from the start of the day.
              more.push(entry('buy', addIsoDays(start, i), held * size + 0.5, path[i - 1] ?? 1));
              held += held * size + 0.5;
            } else {
              // Sold at the day's close: the money leaves at its end.
              const qty = held * -size;
              more.push(entry('sell', addIsoDays(start, i), qty, path[i] ?? 1));
              held -= qty;
            }
          }
          const plain = timeWeightedReturn(dailySeries(base, prices, end), -1) ?? 0;
          const withFlows =
            timeWeightedReturn(dailySeries([...base, ...more], prices, end), -1) ?? 0;
          expect(withFlows).toBeCloseTo(plain, 7);
        },
      ),
      { seed: 34, numRuns: 200 },
    );
  });
});
