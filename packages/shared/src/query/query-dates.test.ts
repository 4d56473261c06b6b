import { describe, expect, it } from 'vitest';
import { parseQueryDate } from './query-dates.ts';

const NOW = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;

describe('parseQueryDate', () => {
  it('reads a time ago in every unit, singular or plural, with or without "ago"', () => {
    expect(parseQueryDate('1 second', NOW)).toEqual(ago(1000));
    expect(parseQueryDate('30 minutes', NOW)).toEqual(ago(30 * MINUTE));
    expect(parseQueryDate('1 hour', NOW)).toEqual(ago(60 * MINUTE));
    expect(parseQueryDate('2 hours ago', NOW)).toEqual(ago(120 * MINUTE));
    expect(parseQueryDate('7 DAYS', NOW)).toEqual(ago(7 * 1440 * MINUTE));
    expect(parseQueryDate('1 week', NOW)).toEqual(ago(7 * 1440 * MINUTE));
    expect(parseQueryDate('1 month', NOW)).toEqual(ago(30 * 1440 * MINUTE));
    expect(parseQueryDate('2 years', NOW)).toEqual(ago(730 * 1440 * MINUTE));
    expect(parseQueryDate(' 5days ', NOW)).toEqual(ago(5 * 1440 * MINUTE));
  });

  it('reads epoch seconds, with a fraction or before 1970', () => {
    expect(parseQueryDate('0', NOW)).toEqual(new Date(0));
    expect(parseQueryDate('1700000000.5', NOW)).toEqual(new Date(1_700_000_000_500));
    expect(parseQueryDate('-86400', NOW)).toEqual(new Date('1969-12-31T00:00:00Z'));
  });

  it('reads ISO 8601 dates and times, as UTC when no offset is given', () => {
    expect(parseQueryDate('2024-02-29', NOW)).toEqual(new Date('2024-02-29T00:00:00Z'));
    expect(parseQueryDate('2024-02-29T10:20', NOW)).toEqual(new Date('2024-02-29T10:20:00Z'));
    expect(parseQueryDate('2024-02-29 10:20:30.25', NOW)).toEqual(
      new Date('2024-02-29T10:20:30.250Z'),
    );
    expect(parseQueryDate('2024-02-29T10:20:30Z', NOW)).toEqual(new Date('2024-02-29T10:20:30Z'));
    expect(parseQueryDate('2024-02-29T10:20:30-0530', NOW)).toEqual(
      new Date('2024-02-29T15:50:30Z'),
    );
    expect(parseQueryDate('0099-01-01', NOW)?.getUTCFullYear()).toBe(99);
  });

  it.each([
    'yesterday',
    '',
    'days',
    '-7 days',
    '1.5 days',
    '7 fortnights',
    '2023-02-29',
    '2024-13-01',
    '2024-01-01T24:00',
    '2024-01-01T10:00+25:00',
    '0000-01-01',
    '1e9',
    '0x10',
    '99999999999999',
    '9999999999 years',
  ])('refuses %j', (text) => {
    expect(parseQueryDate(text, NOW)).toBeNull();
  });
});
