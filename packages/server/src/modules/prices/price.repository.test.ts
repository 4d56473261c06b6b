import { describe, expect, it } from 'vitest';
import { groupByMonth } from './price.repository.ts';

const bar = (date: string, close: number) => ({
  date,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});

describe('groupByMonth', () => {
  it('packs bars by calendar month, ordered by day, first bar of a day winning', () => {
    const months = groupByMonth([
      bar('2026-02-03', 3),
      bar('2026-01-30', 2),
      bar('2026-01-02', 1),
      bar('2026-02-03', 99),
    ]);
    expect(months.map((m) => [m.month, m.bars.map((b) => [b.date, b.close])])).toEqual([
      [
        '2026-01-01',
        [
          ['2026-01-02', 1],
          ['2026-01-30', 2],
        ],
      ],
      ['2026-02-01', [['2026-02-03', 3]]],
    ]);
  });

  it('is empty for no bars', () => {
    expect(groupByMonth([])).toEqual([]);
  });
});
