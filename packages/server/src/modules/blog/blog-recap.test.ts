import { describe, expect, it } from 'vitest';
import { completedWeeks, publicationTime, writeRecap, type WeekMove } from './blog-recap.ts';

const move = (symbol: string, sector: string, before: number, after: number): WeekMove => ({
  symbol,
  company: `${symbol.split(':')[1] ?? symbol} Inc.`,
  sector,
  before,
  after,
});

describe('weekly recap weeks', () => {
  it('counts a week complete once its Friday has passed', () => {
    // Wednesday: the week before.
    expect(completedWeeks(new Date('2026-11-25T15:30:00Z'), 2)).toEqual([
      { start: '2026-11-16', end: '2026-11-20' },
      { start: '2026-11-09', end: '2026-11-13' },
    ]);
    // Friday itself: still the week before; Saturday and Sunday: the week just ended.
    expect(completedWeeks(new Date('2026-11-27T23:00:00Z'), 1)[0]?.end).toBe('2026-11-20');
    expect(completedWeeks(new Date('2026-11-28T01:00:00Z'), 1)[0]?.end).toBe('2026-11-27');
    expect(completedWeeks(new Date('2026-11-29T01:00:00Z'), 1)[0]?.end).toBe('2026-11-27');
    expect(completedWeeks(new Date('2026-11-30T01:00:00Z'), 1)[0]?.end).toBe('2026-11-27');
  });

  it('publishes on the Saturday after, never in the future', () => {
    const week = { start: '2026-11-16', end: '2026-11-20' };
    expect(publicationTime(week, new Date('2026-11-25T00:00:00Z')).toISOString()).toBe(
      '2026-11-21T08:00:00.000Z',
    );
    expect(publicationTime(week, new Date('2026-11-21T06:00:00Z')).toISOString()).toBe(
      '2026-11-21T06:00:00.000Z',
    );
  });
});

describe('writeRecap', () => {
  const week = { start: '2026-11-16', end: '2026-11-20' };
  const moves = [
    move('NASDAQ:AAA', 'Information Technology', 100, 110),
    move('NASDAQ:BBB', 'Information Technology', 50, 51),
    move('NYSE:CCC', 'Energy', 80, 76),
    move('NYSE:DDD', 'Energy', 20, 19),
  ];

  it('names the best and worst performers, sectors and cited stories, with the disclaimer', () => {
    const recap = writeRecap(
      week,
      moves,
      [{ id: 'n1', title: 'AAA beats estimates', sentiment: 6, tickers: ['NASDAQ:AAA'] }],
      { demoPrices: true },
    );
    expect(recap?.slug).toBe('weekly-market-recap-2026-11-16');
    expect(recap?.title).toBe('Weekly market recap, 16–20 Nov 2026: AAA leads a rising market');
    expect(recap?.excerpt).toContain(
      'the 4 listings we follow moved +0.50% on average, 2 rose and 2 fell',
    );
    expect(recap?.body).toContain('- **AAA Inc.** (NASDAQ:AAA): +10.00%, 100.00 → 110.00');
    expect(recap?.body).toContain('- Energy: −5.00% (2 listings)');
    expect(recap?.body).toContain('[AAA beats estimates](/n/n1) (bullish; AAA)');
    expect(recap?.body).toContain('demo data set (synthetic prices)');
    expect(recap?.body).toContain('not financial advice; past performance does not predict');
    expect(recap?.citations).toEqual(['n1']);
  });

  it("tells each story's tone by the analyst's call, the sign of its score", () => {
    const recap = writeRecap(
      week,
      moves,
      [
        { id: 'n1', title: 'AAA edges up', sentiment: 2, tickers: ['NASDAQ:AAA'] },
        { id: 'n2', title: 'BBB holds its meeting', sentiment: 0, tickers: ['NASDAQ:BBB'] },
        { id: 'n3', title: 'CCC trims output', sentiment: -1, tickers: ['NYSE:CCC'] },
      ],
      { demoPrices: true },
    );
    expect(recap?.body).toContain('[AAA edges up](/n/n1) (bullish; AAA)');
    expect(recap?.body).toContain('[BBB holds its meeting](/n/n2) (neutral; BBB)');
    expect(recap?.body).toContain('[CCC trims output](/n/n3) (bearish; CCC)');
  });

  it('calls the market in the headline as the text does: flat within ±0.5 %, else rising or falling', () => {
    const headline = (after: number) =>
      writeRecap(
        week,
        [move('NASDAQ:AAA', 'Energy', 100, 101), move('NYSE:BBB', 'Energy', 100, after)],
        [],
        {
          demoPrices: true,
        },
      );
    const flat = headline(98.4); // average −0.30 %
    expect(flat?.title).toBe('Weekly market recap, 16–20 Nov 2026: AAA leads a flat market');
    expect(flat?.excerpt).toContain('It was a flat week for stocks');
    expect(headline(97)?.title).toMatch(/AAA leads a falling market$/); // −1.00 %
    expect(headline(100.5)?.title).toMatch(/AAA leads a rising market$/); // +0.75 %
  });

  it('writes the same text for the same week and data', () => {
    expect(writeRecap(week, moves, [], { demoPrices: false })).toEqual(
      writeRecap(week, [...moves].reverse(), [], { demoPrices: false }),
    );
  });

  it('writes nothing without prices', () => {
    expect(writeRecap(week, [], [], { demoPrices: true })).toBeNull();
  });
});
