import { describe, expect, it } from 'vitest';
import {
  alertPlanOf,
  duePeriod,
  isQuietHour,
  localTime,
  releaseTime,
  retryAt,
} from './alert-rules.ts';

const settings = (zone: string, start: number | null, end: number | null) => ({
  time_zone: zone,
  quiet_start: start,
  quiet_end: end,
  hourly_cap: 10,
});

describe('alert rules', () => {
  it('treats quiet hours as [start, end), wrapping midnight, and none when equal or unset', () => {
    expect(isQuietHour(23, 22, 7)).toBe(true);
    expect(isQuietHour(6, 22, 7)).toBe(true);
    expect(isQuietHour(7, 22, 7)).toBe(false);
    expect(isQuietHour(12, 9, 17)).toBe(true);
    expect(isQuietHour(17, 9, 17)).toBe(false);
    expect(isQuietHour(3, 5, 5)).toBe(false);
    expect(isQuietHour(3, null, 7)).toBe(false);
  });

  it('releases an alert when the quiet hours end in the user’s zone, half-hour offsets included', () => {
    const now = new Date('2026-11-24T20:10:00Z');
    expect(releaseTime(now, settings('UTC', 20, 22)).toISOString()).toBe(
      '2026-11-24T22:00:00.000Z',
    );
    // India is UTC+5:30: 01:40 local, quiet until 07:00 local = 01:30 UTC.
    expect(releaseTime(now, settings('Asia/Kolkata', 23, 7)).toISOString()).toBe(
      '2026-11-25T01:30:00.000Z',
    );
    expect(releaseTime(now, settings('UTC', 8, 9))).toBe(now);
  });

  it('backs off exponentially from 30 seconds', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    expect(retryAt(now, 1).getTime() - now.getTime()).toBe(30_000);
    expect(retryAt(now, 3).getTime() - now.getTime()).toBe(120_000);
  });

  it('keys digests by the local day and the local Monday, from 07:00', () => {
    // 05:30 UTC on Monday is 06:30 in Oslo: not yet; 06:30 UTC is 07:30 there.
    expect(duePeriod('daily', new Date('2026-11-23T05:30:00Z'), 'Europe/Oslo')).toBeNull();
    expect(duePeriod('weekly', new Date('2026-11-23T05:30:00Z'), 'Europe/Oslo')).toBeNull();
    expect(duePeriod('daily', new Date('2026-11-23T06:30:00Z'), 'Europe/Oslo')?.key).toBe(
      '2026-11-23',
    );
    expect(duePeriod('weekly', new Date('2026-11-26T06:30:00Z'), 'Europe/Oslo')?.key).toBe(
      '2026-11-23',
    );
    // Late Sunday in New York is already Monday in UTC.
    expect(localTime(new Date('2026-11-23T03:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-22',
      hour: 22,
      weekday: 7,
    });
  });

  it('reads what each plan includes from the billing entitlements', () => {
    const at = new Date('2026-11-24T00:00:00Z');
    const facts = (subscription: string) => ({
      subscription,
      subscription_status: 'active',
      current_period_end: null,
    });
    expect(alertPlanOf(facts('tier3_monthly'), at)).toMatchObject({
      instant: true,
      daily: true,
      weekly: true,
    });
    expect(alertPlanOf(facts('tier2_monthly'), at)).toMatchObject({
      instant: false,
      daily: false,
      weekly: true,
    });
    expect(alertPlanOf(facts('tier1_monthly'), at)).toMatchObject({
      instant: false,
      weekly: false,
    });
    expect(alertPlanOf(facts(''), at)).toMatchObject({ plan: 'free', instant: false });
  });
});
