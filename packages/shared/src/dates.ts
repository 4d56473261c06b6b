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
  isoDay(addDays(new Date(`${day}T00:00:00Z`), days));
