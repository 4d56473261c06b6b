import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  isoDate,
  isTradingDay,
  newYorkInstant,
  newYorkTime,
  tradingDaysBetween,
} from './trading-calendar.ts';

describe('isTradingDay', () => {
  it.each([
    ['2024-07-04', 'Independence Day'],
    ['2024-11-28', 'Thanksgiving'],
    ['2024-12-25', 'Christmas'],
    ['2025-04-18', 'Good Friday'],
    ['2023-06-19', 'Juneteenth'],
    ['2022-12-26', 'Christmas observed on Monday'],
    ['2024-01-01', "New Year's Day"],
    ['2024-01-15', 'Martin Luther King Jr. Day'],
    ['2024-02-19', "Presidents' Day"],
    ['2024-05-27', 'Memorial Day'],
    ['2024-09-02', 'Labor Day'],
    ['2026-07-03', 'Independence Day observed on Friday'],
    ['2027-06-18', 'Juneteenth observed on Friday'],
    ['2023-01-02', "New Year's Day observed on Monday"],
    ['2024-07-06', 'a Saturday'],
    ['2024-07-07', 'a Sunday'],
  ])('%s is not a trading day (%s)', (date) => {
    expect(isTradingDay(date)).toBe(false);
  });

  it.each([
    ['2024-07-05', 'the day after Independence Day'],
    ['2024-11-29', 'the day after Thanksgiving'],
    ['2021-12-31', "the Friday before a Saturday New Year's Day"],
    ['2021-06-18', 'June 18 before Juneteenth became a holiday'],
    ['2015-01-02', 'the series epoch'],
    ['2026-11-20', 'the anchor date'],
  ])('%s is a trading day (%s)', (date) => {
    expect(isTradingDay(date)).toBe(true);
  });

  it('finds Good Friday from Easter across years', () => {
    for (const date of ['2015-04-03', '2016-03-25', '2019-04-19', '2024-03-29', '2026-04-03']) {
      expect(isTradingDay(date)).toBe(false);
      expect(isTradingDay(isoDate(dayNumber(date) - 1))).toBe(true);
    }
  });

  it('rejects malformed and impossible dates', () => {
    expect(() => isTradingDay('2024-7-4')).toThrow(RangeError);
    expect(() => isTradingDay('2024-02-30')).toThrow(RangeError);
  });
});

describe('tradingDaysBetween', () => {
  it('counts the trading days of whole years', () => {
    const counts = [2019, 2020, 2021, 2022, 2023, 2024].map(
      (year) => tradingDaysBetween(`${year}-01-01`, `${year}-12-31`).length,
    );
    expect(counts).toEqual([252, 253, 252, 251, 250, 252]);
  });

  it('is inclusive at both ends and empty for a reversed range', () => {
    expect(tradingDaysBetween('2024-07-03', '2024-07-08')).toEqual([
      '2024-07-03',
      '2024-07-05',
      '2024-07-08',
    ]);
    expect(tradingDaysBetween('2024-07-08', '2024-07-03')).toEqual([]);
  });
});

describe('New York time', () => {
  const formatter = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

  it('agrees with the time-zone database from 2015 to 2035', () => {
    const from = Date.UTC(2015, 0, 1);
    const to = Date.UTC(2035, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: from / 60_000, max: to / 60_000 }), (minute) => {
        const instant = new Date(minute * 60_000);
        const parts = Object.fromEntries(
          formatter.formatToParts(instant).map((part) => [part.type, part.value]),
        );
        const { day, minutes } = newYorkTime(instant);
        expect(isoDate(day)).toBe(`${parts.year}-${parts.month}-${parts.day}`);
        expect(minutes).toBe(Number(parts.hour) * 60 + Number(parts.minute));
      }),
      { numRuns: 2000 },
    );
  });

  it('maps market open and close to UTC in winter and summer', () => {
    expect(newYorkInstant(dayNumber('2024-01-10'), 570).toISOString()).toBe(
      '2024-01-10T14:30:00.000Z',
    );
    expect(newYorkInstant(dayNumber('2024-07-10'), 960).toISOString()).toBe(
      '2024-07-10T20:00:00.000Z',
    );
    expect(newYorkInstant(dayNumber('2024-03-10'), 570).toISOString()).toBe(
      '2024-03-10T13:30:00.000Z',
    );
    expect(newYorkInstant(dayNumber('2024-11-03'), 570).toISOString()).toBe(
      '2024-11-03T14:30:00.000Z',
    );
  });
});

describe('isoDate', () => {
  it('agrees with Date for days from 1900 to 2100', () => {
    for (let day = -25_567; day <= 47_482; day += 7) {
      expect(isoDate(day)).toBe(new Date(day * 86_400_000).toISOString().slice(0, 10));
      expect(dayNumber(isoDate(day))).toBe(day);
    }
  });
});
