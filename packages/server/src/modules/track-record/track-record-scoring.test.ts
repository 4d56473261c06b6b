import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calibrationBin, createTrackRecordAccumulator } from './track-record-figures.ts';
import {
  entryIndex,
  exitIndex,
  scoreCall,
  wilsonInterval,
  type CallInput,
} from './track-record-scoring.ts';

// Thanksgiving week 2026: Thursday the 26th is a holiday, Friday the 27th a session.
const DAYS = [
  '2026-11-19',
  '2026-11-20',
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-27',
  '2026-11-30',
  '2026-12-01',
];
const flat = new Map(DAYS.map((day) => [day, 100]));

function call(overrides: Partial<CallInput> = {}): CallInput {
  return {
    newsId: 'n1',
    publishedAt: new Date('2026-11-20T15:00:00Z'),
    score: 4,
    classification: 'Company Results',
    symbol: 'NASDAQ:TEST',
    ...overrides,
  };
}

describe('the Wilson interval', () => {
  it('gives the textbook interval for 2 hits of 4 (0.150 … 0.850)', () => {
    const interval = wilsonInterval(2, 4);
    expect(interval?.low).toBeCloseTo(0.15, 3);
    expect(interval?.high).toBeCloseTo(0.85, 3);
  });

  it('gives 81 of 100 as 0.722 … 0.875 and stays inside [0, 1] at 0 and 100 %', () => {
    const interval = wilsonInterval(81, 100);
    expect(interval?.low).toBeCloseTo(0.7222, 3);
    expect(interval?.high).toBeCloseTo(0.8749, 3);
    expect(wilsonInterval(0, 10)?.low).toBe(0);
    expect(wilsonInterval(10, 10)?.high).toBeCloseTo(1, 12);
    expect(wilsonInterval(10, 10)?.low).toBeGreaterThan(0.69);
  });

  it('is null without calls', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });

  it('always contains the observed rate and narrows with more calls', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, p) => {
          const hits = Math.round(n * p);
          const interval = wilsonInterval(hits, n);
          const bigger = wilsonInterval(hits * 4, n * 4);
          if (!interval || !bigger) return false;
          const rate = hits / n;
          return (
            interval.low >= 0 &&
            interval.high <= 1 &&
            interval.low <= rate + 1e-12 &&
            interval.high >= rate - 1e-12 &&
            bigger.high - bigger.low <= interval.high - interval.low + 1e-12
          );
        },
      ),
    );
  });
});

describe('trading-day horizons', () => {
  it('enters at the same day’s close when published before 16:00 New York time', () => {
    // 15:00 UTC is 10:00 EST.
    expect(entryIndex(DAYS, new Date('2026-11-20T15:00:00Z'))).toBe(1);
    // 20:59 UTC is 15:59 EST.
    expect(entryIndex(DAYS, new Date('2026-11-20T20:59:00Z'))).toBe(1);
  });

  it('enters at the next session’s close when published after the close or on a weekend', () => {
    expect(entryIndex(DAYS, new Date('2026-11-20T21:00:00Z'))).toBe(2);
    expect(entryIndex(DAYS, new Date('2026-11-21T12:00:00Z'))).toBe(2);
    // Thanksgiving: no session, so the Friday.
    expect(entryIndex(DAYS, new Date('2026-11-26T15:00:00Z'))).toBe(5);
  });

  it('uses the summer offset (EDT) in summer', () => {
    const summer = ['2026-07-01', '2026-07-02'];
    // 19:30 UTC is 15:30 EDT: still before the close.
    expect(entryIndex(summer, new Date('2026-07-01T19:30:00Z'))).toBe(0);
    // 20:30 UTC is 16:30 EDT: after it.
    expect(entryIndex(summer, new Date('2026-07-01T20:30:00Z'))).toBe(1);
  });

  it('has no entry after the last stored close', () => {
    expect(entryIndex(DAYS, new Date('2026-12-01T22:00:00Z'))).toBe(-1);
  });

  it('counts horizons in sessions, skipping weekends and holidays, and waits for the close', () => {
    // From Tuesday the 24th: 1 session is Wednesday, 2 is Friday (Thursday is Thanksgiving).
    expect(DAYS[exitIndex(DAYS, 3, 1, '2026-12-01')]).toBe('2026-11-25');
    expect(DAYS[exitIndex(DAYS, 3, 2, '2026-12-01')]).toBe('2026-11-27');
    expect(exitIndex(DAYS, 3, 2, '2026-11-25')).toBe(-1);
    expect(exitIndex(DAYS, 3, 20, '2026-12-31')).toBe(-1);
  });
});

describe('scoring a call', () => {
  const closes = [100, 100, 102, 104, 103, 105, 90, 91];
  const series = { days: DAYS, closes };

  it('measures the company against the market and calls a bullish call right when it beat it', () => {
    const market = new Map(DAYS.map((day, i) => [day, 100 + i]));
    const scored = scoreCall(call(), series, market, [1, 5], '2026-12-01');
    expect(scored?.entryDay).toBe('2026-11-20');
    const [one, five] = scored?.horizons ?? [];
    expect(one?.exit_day).toBe('2026-11-23');
    expect(one?.stock_return).toBeCloseTo(0.02, 10);
    expect(one?.market_return).toBeCloseTo(102 / 101 - 1, 10);
    expect(one?.excess_return).toBeCloseTo(0.02 - (102 / 101 - 1), 10);
    expect(one?.hit).toBe(true);
    // Five sessions later (the 30th): 90 against 100, a miss.
    expect(five?.exit_day).toBe('2026-11-30');
    expect(five?.hit).toBe(false);
  });

  it('calls a bearish call right when the company lagged the market', () => {
    const scored = scoreCall(call({ score: -5 }), series, flat, [1, 5], '2026-12-01');
    expect(scored?.direction).toBe(-1);
    expect(scored?.horizons.map((h) => h.hit)).toEqual([false, true]);
  });

  it('leaves out horizons that have not closed, and a flat move is no hit', () => {
    const scored = scoreCall(
      call(),
      { days: DAYS, closes: DAYS.map(() => 50) },
      flat,
      [1, 5],
      '2026-11-24',
    );
    expect(scored?.horizons).toHaveLength(1);
    expect(scored?.horizons[0]?.hit).toBe(false);
  });

  it('has nothing to score before the entry close exists', () => {
    expect(scoreCall(call(), series, flat, [1], '2026-11-19')).toBeNull();
  });
});

describe('the accumulated record', () => {
  const series = { days: DAYS, closes: [100, 100, 101, 102, 103, 104, 105, 106] };
  const score = (input: Partial<CallInput>) =>
    scoreCall(call(input), series, flat, [1, 5], '2026-12-01');

  it('counts hit rates per direction, classification and band, and ranks the best and worst calls', () => {
    const acc = createTrackRecordAccumulator([1, 5], 2);
    for (const input of [
      { newsId: 'a', score: 8 },
      { newsId: 'b', score: 2, classification: 'Lawsuit' },
      { newsId: 'c', score: -2 },
      { newsId: 'd', score: -7 },
    ]) {
      const scored = score(input);
      if (scored) acc.add(scored);
    }
    const record = acc.finish();
    expect(record.calls).toBe(4);
    expect(record.overall[0]).toMatchObject({ horizon: 1, calls: 4, hits: 2, hit_rate: 0.5 });
    expect(record.overall[0]?.ci_low).toBeCloseTo(0.15, 3);
    expect(record.by_direction.map((g) => [g.key, g.stats[0]?.hits])).toEqual([
      ['bullish', 2],
      ['bearish', 0],
    ]);
    expect(record.by_classification.map((g) => [g.label, g.stats[0]?.calls])).toEqual([
      ['Company Results', 3],
      ['Lawsuit', 1],
    ]);
    expect(record.by_band.map((g) => g.label)).toEqual([
      'Very bearish',
      'Bearish',
      'Bullish',
      'Very bullish',
    ]);
    expect(record.ranking_horizon).toBe(5);
    expect(record.best.map((c) => c.input.newsId)).toEqual(['a', 'b']);
    expect(record.worst.map((c) => c.input.newsId)).toEqual(['c', 'd']);
    // Calibration: every call moved the same, so each bin's mean excess is the same 5-day move.
    const used = record.calibration.filter((bin) => bin.calls > 0);
    expect(used.map((bin) => bin.label)).toEqual(['−10 … −6', '−3 … 0', '0 … 3', '6 … 10']);
    expect(used[0]?.horizons[1]?.mean_excess_return).toBeCloseTo(0.05, 10);
  });

  it('bins scores symmetrically around neutral', () => {
    expect([-10, -6, -5.9, -3, -0.1, 0.1, 2.99, 3, 6, 10].map(calibrationBin)).toEqual([
      0, 0, 1, 1, 2, 3, 3, 4, 5, 5,
    ]);
  });
});
