import { describe, it, expect } from 'vitest';
import { timeAgo } from './timeago.ts';

const NOW = new Date('2025-06-15T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Epoch seconds `seconds` before NOW. */
const ago = (seconds: number): number => nowSeconds - seconds;

describe('timeAgo', () => {
  it('reads "just now" under 10 seconds, in the past or future', () => {
    expect(timeAgo(ago(0), NOW)).toBe('just now');
    expect(timeAgo(ago(9.9), NOW)).toBe('just now');
    expect(timeAgo(ago(-9), NOW)).toBe('just now');
  });

  it('counts seconds from 10 seconds up to a minute', () => {
    expect(timeAgo(ago(10), NOW)).toBe('10 seconds ago');
    expect(timeAgo(ago(59), NOW)).toBe('59 seconds ago');
  });

  it('uses the singular for one unit', () => {
    expect(timeAgo(ago(MIN), NOW)).toBe('1 minute ago');
    expect(timeAgo(ago(HOUR), NOW)).toBe('1 hour ago');
    expect(timeAgo(ago(DAY), NOW)).toBe('1 day ago');
    expect(timeAgo(ago(7 * DAY), NOW)).toBe('1 week ago');
    expect(timeAgo(ago(30 * DAY), NOW)).toBe('1 month ago');
    expect(timeAgo(ago(365 * DAY), NOW)).toBe('1 year ago');
  });

  it('counts minutes, hours and days, rounding down', () => {
    expect(timeAgo(ago(5 * MIN + 59), NOW)).toBe('5 minutes ago');
    expect(timeAgo(ago(59 * MIN), NOW)).toBe('59 minutes ago');
    expect(timeAgo(ago(23 * HOUR), NOW)).toBe('23 hours ago');
    expect(timeAgo(ago(5 * DAY), NOW)).toBe('5 days ago');
    expect(timeAgo(ago(6 * DAY + 23 * HOUR), NOW)).toBe('6 days ago');
  });

  it('counts weeks while under 4 weeks', () => {
    expect(timeAgo(ago(3 * 7 * DAY), NOW)).toBe('3 weeks ago');
    expect(timeAgo(ago(27 * DAY), NOW)).toBe('3 weeks ago');
  });

  it('switches to months at 4 weeks and counts them while under 12 months', () => {
    expect(timeAgo(ago(28 * DAY), NOW)).toBe('1 month ago');
    expect(timeAgo(ago(60 * DAY), NOW)).toBe('2 months ago');
    expect(timeAgo(ago(359 * DAY), NOW)).toBe('11 months ago');
  });

  it('switches to years at 12 months', () => {
    expect(timeAgo(ago(360 * DAY), NOW)).toBe('1 year ago');
    expect(timeAgo(ago(3 * 365 * DAY), NOW)).toBe('3 years ago');
  });

  it('describes future dates as "in …"', () => {
    expect(timeAgo(ago(-5 * MIN), NOW)).toBe('in 5 minutes');
    expect(timeAgo(ago(-1 * DAY), NOW)).toBe('in 1 day');
    expect(timeAgo(ago(-2 * 365 * DAY), NOW)).toBe('in 2 years');
  });

  it('accepts a Date as well as epoch seconds', () => {
    expect(timeAgo(new Date(NOW.getTime() - 5 * DAY * 1000), NOW)).toBe('5 days ago');
  });

  it('treats a number as epoch seconds, the API creation_date unit', () => {
    expect(timeAgo(0, new Date(2 * DAY * 1000))).toBe('2 days ago');
  });

  it('defaults now to the current time', () => {
    expect(timeAgo(Date.now() / 1000 - 2 * HOUR)).toBe('2 hours ago');
  });

  it('shows "—" for NaN, infinite or invalid dates', () => {
    expect(timeAgo(Number.NaN, NOW)).toBe('—');
    expect(timeAgo(Number.POSITIVE_INFINITY, NOW)).toBe('—');
    expect(timeAgo(new Date('not a date'), NOW)).toBe('—');
    expect(timeAgo(ago(60), new Date(Number.NaN))).toBe('—');
  });
});
