import { DEFAULT_HOURLY_CAP, type AlertPlan, type AlertSettings } from '@app/shared/api/alerts';
import { entitlementsOf, type SubscriptionFacts } from '../billing/plans.ts';
import { isoDay } from '@app/shared/dates';

/** Attempts of one delivery before it is marked failed. */
export const MAX_ATTEMPTS = 5;
/** Seconds before the first retry; doubled after each failed attempt. */
export const RETRY_BASE_SECONDS = 30;
/** Local hour at which daily and weekly digests go out. */
export const DIGEST_HOUR = 7;

const QUARTER_HOUR_MS = 15 * 60_000;

export const DEFAULT_SETTINGS: AlertSettings = {
  time_zone: 'UTC',
  quiet_start: null,
  quiet_end: null,
  hourly_cap: DEFAULT_HOURLY_CAP,
};

/** When the next attempt of a delivery that failed `attempts` times may run. */
export function retryAt(now: Date, attempts: number): Date {
  const delay = RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1);
  return new Date(now.getTime() + delay * 1000);
}

/** What the user's plan includes of the notifications (spec §9). */
export function alertPlanOf(facts: SubscriptionFacts, now: Date): AlertPlan {
  const entitlements = entitlementsOf(facts, now);
  return {
    plan: entitlements.plan,
    label: entitlements.label,
    instant: entitlements.alertKinds.includes('instant'),
    daily: entitlements.digest === 'daily',
    weekly: entitlements.digest === 'weekly' || entitlements.digest === 'daily',
  };
}

type LocalTime = {
  /** `YYYY-MM-DD` in the zone. */
  date: string;
  hour: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall-clock date, hour and weekday of `at` in `zone`. */
export function localTime(at: Date, zone: string): LocalTime {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}`,
    hour: Number(parts.hour),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 1,
  };
}

/** Whether the local hour lies in the quiet hours [start, end) (which may wrap midnight). */
export function isQuietHour(hour: number, start: number | null, end: number | null): boolean {
  if (start === null || end === null || start === end) return false;
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

/**
 * When an alert written at `now` may go out: at once outside the quiet hours, else when they end
 * (local hours of the user's zone; every zone's offset is a multiple of 15 minutes).
 */
export function releaseTime(now: Date, settings: AlertSettings): Date {
  const { time_zone, quiet_start, quiet_end } = settings;
  if (!isQuietHour(localTime(now, time_zone).hour, quiet_start, quiet_end)) return now;
  let at = Math.ceil(now.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  for (let step = 0; step < 4 * 26; step += 1, at += QUARTER_HOUR_MS) {
    if (!isQuietHour(localTime(new Date(at), time_zone).hour, quiet_start, quiet_end)) {
      return new Date(at);
    }
  }
  return now;
}

/** The local Monday (`YYYY-MM-DD`) of the week of a local date. */
export function weekStart(local: LocalTime): string {
  const day = new Date(`${local.date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - (local.weekday - 1));
  return isoDay(day);
}

/**
 * The digest period due for a user at `now`, or null: daily from the digest hour of each local
 * day (the day before is covered), weekly from Monday's digest hour (the week before).
 */
export function duePeriod(
  kind: 'daily' | 'weekly',
  now: Date,
  zone: string,
): { key: string; from: Date; to: Date } | null {
  const local = localTime(now, zone);
  const hoursPerPeriod = kind === 'daily' ? 24 : 7 * 24;
  if (kind === 'daily' && local.hour < DIGEST_HOUR) return null;
  if (kind === 'weekly' && local.weekday === 1 && local.hour < DIGEST_HOUR) return null;
  const key = kind === 'daily' ? local.date : weekStart(local);
  return {
    key,
    from: new Date(now.getTime() - hoursPerPeriod * 3_600_000),
    to: now,
  };
}

/** The settings with defaults for a user who never saved any. */
export function settingsWithDefaults(row: {
  time_zone: string | null;
  quiet_start: number | null;
  quiet_end: number | null;
  hourly_cap: number | null;
}): AlertSettings {
  return {
    time_zone: row.time_zone ?? DEFAULT_SETTINGS.time_zone,
    quiet_start: row.quiet_start,
    quiet_end: row.quiet_end,
    hourly_cap: row.hourly_cap ?? DEFAULT_SETTINGS.hourly_cap,
  };
}

/** The percent move from `from` to `to`, one decimal, or null when either is unknown. */
export function movePct(from: number | null, to: number | null): number | null {
  if (from === null || to === null || from <= 0) return null;
  return Math.round(((to - from) / from) * 1000) / 10;
}
