import { DAY_MS } from '@app/shared/dates';
/**
 * The NYSE calendar (regular full-day holidays only; early closes and one-off closures such as
 * national days of mourning are not modelled) and America/New_York wall-clock time, computed
 * from the rules so the result never depends on the host's time-zone data.
 */

const HOUR_MS = 3_600_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const SUNDAY = 0;
const MONDAY = 1;
const THURSDAY = 4;
const SATURDAY = 6;

/** Days since 1970-01-01 of a `YYYY-MM-DD` calendar date; throws a RangeError when malformed. */
export function dayNumber(date: string): number {
  if (!ISO_DATE.test(date)) throw new RangeError(`Invalid date '${date}': expected YYYY-MM-DD`);
  const ms = Date.parse(`${date}T00:00:00Z`);
  const day = ms / DAY_MS;
  if (!Number.isInteger(day) || isoDate(day) !== date) {
    throw new RangeError(`Invalid date '${date}': no such calendar day`);
  }
  return day;
}

/** The `YYYY-MM-DD` calendar date of a day number (days since 1970-01-01). */
export function isoDate(day: number): string {
  // Howard Hinnant's civil_from_days: much faster than Date#toISOString in hot loops.
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** Day of the week of a day number: 0 = Sunday … 6 = Saturday. */
function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

function utcDay(year: number, month0: number, date: number): number {
  return Date.UTC(year, month0, date) / DAY_MS;
}

/** The n-th (1-based) given weekday of a month. */
function nthWeekday(year: number, month0: number, wd: number, n: number): number {
  const first = utcDay(year, month0, 1);
  return first + ((wd - weekday(first) + 7) % 7) + 7 * (n - 1);
}

/** The last given weekday of a month. */
function lastWeekday(year: number, month0: number, wd: number): number {
  const last = utcDay(year, month0 + 1, 0);
  return last - ((weekday(last) - wd + 7) % 7);
}

/** Easter Sunday (Gregorian, anonymous algorithm of Meeus/Jones/Butcher). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return utcDay(year, month - 1, date);
}

/** A fixed-date holiday moved off the weekend: Saturday → Friday, Sunday → Monday. */
function observed(day: number): number {
  const wd = weekday(day);
  if (wd === SATURDAY) return day - 1;
  if (wd === SUNDAY) return day + 1;
  return day;
}

function computeHolidays(year: number): Set<number> {
  const days: number[] = [];
  // New Year's Day: on a Saturday the NYSE stays open the Friday before (it ends the year).
  const newYear = utcDay(year, 0, 1);
  if (weekday(newYear) !== SATURDAY) days.push(observed(newYear));
  days.push(nthWeekday(year, 0, MONDAY, 3)); // Martin Luther King Jr. Day
  days.push(nthWeekday(year, 1, MONDAY, 3)); // Washington's Birthday (Presidents' Day)
  days.push(easterSunday(year) - 2); // Good Friday
  days.push(lastWeekday(year, 4, MONDAY)); // Memorial Day
  if (year >= 2022) days.push(observed(utcDay(year, 5, 19))); // Juneteenth
  days.push(observed(utcDay(year, 6, 4))); // Independence Day
  days.push(nthWeekday(year, 8, MONDAY, 1)); // Labor Day
  days.push(nthWeekday(year, 10, THURSDAY, 4)); // Thanksgiving
  days.push(observed(utcDay(year, 11, 25))); // Christmas
  return new Set(days);
}

const holidayCache = new Map<number, Set<number>>();

function holidaysOf(year: number): Set<number> {
  let holidays = holidayCache.get(year);
  if (!holidays) {
    holidays = computeHolidays(year);
    holidayCache.set(year, holidays);
  }
  return holidays;
}

/** Whether a day number is an NYSE trading day (a weekday that is not a regular holiday). */
export function isTradingDayNumber(day: number): boolean {
  const wd = weekday(day);
  if (wd === SATURDAY || wd === SUNDAY) return false;
  return !holidaysOf(new Date(day * DAY_MS).getUTCFullYear()).has(day);
}

/** Whether `YYYY-MM-DD` is an NYSE trading day (a weekday that is not a regular US holiday). */
export function isTradingDay(date: string): boolean {
  return isTradingDayNumber(dayNumber(date));
}

/** The NYSE trading days from `from` to `to` (both `YYYY-MM-DD`, inclusive), oldest first. */
export function tradingDaysBetween(from: string, to: string): string[] {
  const last = dayNumber(to);
  const days: string[] = [];
  for (let day = dayNumber(from); day <= last; day++) {
    if (isTradingDayNumber(day)) days.push(isoDate(day));
  }
  return days;
}

/** Whether daylight saving time is in force in New York on (the afternoon of) a local day. */
function isDstDay(day: number): boolean {
  const year = new Date(day * DAY_MS).getUTCFullYear();
  return day >= nthWeekday(year, 2, SUNDAY, 2) && day < nthWeekday(year, 10, SUNDAY, 1);
}

/** Wall-clock time in New York: local day number and minutes since local midnight (fractional). */
export interface NewYorkTime {
  day: number;
  minutes: number;
}

/** The New York local day and time of an instant (US DST rules in force since 2007). */
export function newYorkTime(instant: Date): NewYorkTime {
  const ms = instant.getTime();
  const year = instant.getUTCFullYear();
  // DST starts 02:00 EST (07:00 UTC) on the second Sunday of March, ends 02:00 EDT (06:00 UTC)
  // on the first Sunday of November.
  const start = nthWeekday(year, 2, SUNDAY, 2) * DAY_MS + 7 * HOUR_MS;
  const end = nthWeekday(year, 10, SUNDAY, 1) * DAY_MS + 6 * HOUR_MS;
  const local = ms - (ms >= start && ms < end ? 4 : 5) * HOUR_MS;
  const day = Math.floor(local / DAY_MS);
  return { day, minutes: (local - day * DAY_MS) / 60_000 };
}

/** The instant of a New York local day and time (for times of day well away from 02:00). */
export function newYorkInstant(day: number, minutes: number): Date {
  const offsetHours = isDstDay(day) ? 4 : 5;
  return new Date(day * DAY_MS + minutes * 60_000 + offsetHours * HOUR_MS);
}
