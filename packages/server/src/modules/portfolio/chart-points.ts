import { dayNumber } from '@app/shared/dates';

/** Days before the series' last day within which every day is a point of the value series. */
export const DAILY_POINTS_DAYS = 365;

/** The Monday-based week of a day number (1970-01-01, day 0, was a Thursday). */
const weekOf = (dayNum: number) => Math.floor((dayNum + 3) / 7);

/**
 * The indexes of `days[from..end]` the value series sends: every day of the last
 * DAILY_POINTS_DAYS, and before that the last day of each week (its weekly close), as charting
 * products draw long ranges; the first day always (the range's base, 100 on the indexes). Each
 * point sent keeps its own day's exact figures: only days the 450 px chart cannot tell apart are
 * left out (ten years were about 3,000 daily points, 357 KiB; now about 790, 113 KiB). The
 * returns, summary and holdings are computed from every day as before.
 */
export function chartPointIndexes(days: readonly string[], from: number, end: number): number[] {
  const kept: number[] = [];
  if (end < from) return kept;
  const dailyFrom = dayNumber(days[end] ?? '') - DAILY_POINTS_DAYS;
  for (let i = from; i <= end; i++) {
    const day = dayNumber(days[i] ?? '');
    if (i === from || i === end || day >= dailyFrom) kept.push(i);
    else if (weekOf(day) !== weekOf(dayNumber(days[i + 1] ?? ''))) kept.push(i);
  }
  return kept;
}
