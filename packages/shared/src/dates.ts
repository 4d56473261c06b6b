/**
 * Calendar arithmetic on UTC days, for the server and the web alike. Business time comes from
 * the injectable clock: these helpers only compute from the instant they are given.
 */

export const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The instant `days` whole days after `date` (before it when negative). */
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** The UTC day `days` days after the day `day` (`YYYY-MM-DD`). */
export const addIsoDays = (day: string, days: number): string =>
  isoDay(new Date((dayNumber(day) + days) * DAY_MS));

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day (NaN for anything else), as Date.parse reads it. */
export function dayNumber(day: string): number {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const d = Number(day.slice(8, 10));
  // Date.UTC on the parts is Date.parse of the ISO day at a fraction of its cost.
  if (ISO_DAY.test(day) && y >= 100 && m >= 1 && m <= 12 && d >= 1 && d <= 31) {
    return Date.UTC(y, m - 1, d) / DAY_MS;
  }
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}
