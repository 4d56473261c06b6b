import { describe, it, expect } from 'vitest';
import {
  calendarDay,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayRange,
  formatLongDate,
  formatMonth,
  formatTime,
} from './dates.ts';
import { NOT_AVAILABLE } from './format.ts';

const TUESDAY_1530_UTC = Date.parse('2026-11-17T15:30:05Z') / 1000;

describe('formatDateTime', () => {
  it('writes epoch seconds and dates as day, month, year and 24-hour time', () => {
    expect(formatDateTime(1_795_615_500, 'UTC')).toBe('25 Nov 2026, 14:05');
    expect(formatDateTime(new Date('2026-11-25T14:05:00Z'), 'America/New_York')).toBe(
      '25 Nov 2026, 09:05',
    );
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatDateTime(new Date('2026-11-25T00:07:00Z'), 'UTC')).toBe('25 Nov 2026, 00:07');
  });

  it('answers — for a date that is not one', () => {
    expect(formatDateTime(Number.NaN)).toBe(NOT_AVAILABLE);
    expect(formatDateTime(new Date('nope'))).toBe(NOT_AVAILABLE);
    expect(formatDateTime(1e300)).toBe(NOT_AVAILABLE);
  });
});

describe('formatDate, formatTime and formatLongDate', () => {
  it('write the day, the time and the day in words of one moment in the zone asked', () => {
    expect(formatDate(TUESDAY_1530_UTC, 'UTC')).toBe('17 Nov 2026');
    expect(formatTime(TUESDAY_1530_UTC, 'UTC')).toBe('15:30');
    expect(formatTime(TUESDAY_1530_UTC, 'UTC', true)).toBe('15:30:05');
    expect(formatLongDate(TUESDAY_1530_UTC, 'UTC')).toBe('Tuesday, 17 November 2026');
  });

  it('move to the next day where the zone is already there', () => {
    expect(formatDate(TUESDAY_1530_UTC, 'Asia/Tokyo')).toBe('18 Nov 2026');
    expect(formatLongDate(TUESDAY_1530_UTC, 'Asia/Tokyo')).toBe('Wednesday, 18 November 2026');
    expect(formatTime(TUESDAY_1530_UTC, 'Asia/Tokyo')).toBe('00:30');
  });

  it('answer — for a moment that is not one', () => {
    expect(formatDate(Number.NaN)).toBe(NOT_AVAILABLE);
    expect(formatTime(new Date('nope'))).toBe(NOT_AVAILABLE);
    expect(formatLongDate(Number.POSITIVE_INFINITY)).toBe(NOT_AVAILABLE);
  });
});

describe('calendarDay', () => {
  it('names the calendar day a moment falls on in the zone asked', () => {
    // 23:30 UTC on 16 November is already 17 November in Tokyo (UTC+9).
    const lateUtc = Date.UTC(2026, 10, 16, 23, 30) / 1000;
    expect(calendarDay(lateUtc, 'UTC')).toBe('2026-11-16');
    expect(calendarDay(lateUtc, 'Asia/Tokyo')).toBe('2026-11-17');
    expect(calendarDay(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05');
    expect(calendarDay(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
    expect(calendarDay(Number.NaN)).toBe(NOT_AVAILABLE);
  });
});

describe('formatDay and formatMonth', () => {
  it('write a calendar day as it is, whatever the reader’s zone', () => {
    expect(formatDay('2026-03-02')).toBe('2 Mar 2026');
    expect(formatDay('2026-03-02', { weekday: true })).toBe('Mon 2 Mar 2026');
    expect(formatDay('2026-11-23', { weekday: true, year: false })).toBe('Mon 23 Nov');
    expect(formatMonth('2026-03')).toBe('March 2026');
  });

  it('answer — for text that is not a day or a month', () => {
    for (const day of ['', '2026-02-30', '2026-13-01', '17 Nov 2026', '2026-1-1']) {
      expect(formatDay(day)).toBe(NOT_AVAILABLE);
    }
    expect(formatMonth('2026-13')).toBe(NOT_AVAILABLE);
    expect(formatMonth('soon')).toBe(NOT_AVAILABLE);
  });
});

describe('formatDayRange', () => {
  it('names the month and the year once when the days share them', () => {
    expect(formatDayRange('2026-11-16', '2026-11-20')).toBe('16–20 Nov 2026');
    expect(formatDayRange('2026-11-30', '2026-12-04')).toBe('30 Nov – 4 Dec 2026');
    expect(formatDayRange('2026-12-28', '2027-01-01')).toBe('28 Dec 2026 – 1 Jan 2027');
    expect(formatDayRange('2026-11-16', '2026-11-16')).toBe('16 Nov 2026');
  });

  it('answers — when either end is not a day', () => {
    expect(formatDayRange('2026-11-16', 'friday')).toBe(NOT_AVAILABLE);
  });
});
