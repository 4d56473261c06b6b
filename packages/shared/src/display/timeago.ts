import { NOT_AVAILABLE } from './format.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** A month is counted as 30 days and a year as 365 days. */
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Differences below this many seconds read 'just now'. */
export const JUST_NOW_SECONDS = 10;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function describeElapsed(seconds: number): string {
  if (seconds < MINUTE) return plural(Math.floor(seconds), 'second');
  if (seconds < HOUR) return plural(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return plural(Math.floor(seconds / HOUR), 'hour');
  if (seconds < WEEK) return plural(Math.floor(seconds / DAY), 'day');
  const weeks = Math.floor(seconds / WEEK);
  if (weeks < 4) return plural(weeks, 'week');
  const months = Math.max(1, Math.floor(seconds / MONTH));
  if (months < 12) return plural(months, 'month');
  return plural(Math.max(1, Math.floor(seconds / YEAR)), 'year');
}

/** Relative English time ('5 days ago', 'in 5 minutes'); a number is epoch seconds; invalid input → '—'. */
export function timeAgo(date: Date | number, now: Date = new Date()): string {
  const thenMs = typeof date === 'number' ? date * 1000 : date.getTime();
  const diffSeconds = (now.getTime() - thenMs) / 1000;
  if (!Number.isFinite(diffSeconds)) return NOT_AVAILABLE;
  const elapsed = Math.abs(diffSeconds);
  if (elapsed < JUST_NOW_SECONDS) return 'just now';
  const text = describeElapsed(elapsed);
  return diffSeconds > 0 ? `${text} ago` : `in ${text}`;
}
