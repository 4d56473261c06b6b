import { describe, expect, it } from 'vitest';
import {
  mondayOf,
  refreshWindow,
  storyWindow,
  surprisePct,
  weekDays,
} from './market-calendar-rules.ts';

describe('market calendar rules', () => {
  it('finds the Monday of any day of its week, Sunday included', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-27')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });

  it('lists Monday to Friday across a month end', () => {
    expect(weekDays('2026-11-30')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
  });

  it('gives the surprise in percent of the estimate, a miss below zero, to one decimal', () => {
    expect(surprisePct(2.2, 2)).toBe(10);
    expect(surprisePct(1.8, 2)).toBe(-10);
    expect(surprisePct(-0.5, -0.4)).toBe(-25);
    expect(surprisePct(1.234, 1.2)).toBe(2.8);
  });

  it('leaves the surprise unknown when a figure is unknown or the estimate is zero', () => {
    expect(surprisePct(null, 2)).toBeNull();
    expect(surprisePct(2, null)).toBeNull();
    expect(surprisePct(0.1, 0)).toBeNull();
  });

  it('stores from 400 days back to 200 days ahead', () => {
    expect(refreshWindow('2026-11-25')).toEqual({ from: '2025-10-21', to: '2027-06-13' });
  });

  it('looks for stories from the evening before a day to the end of the day after', () => {
    const window = storyWindow('2026-11-24');
    expect(window.from.toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(window.to.toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });
});
