import { addIsoDays, DAY_MS } from '@app/shared/dates';

/** Days before today the daily refresh stores (the last four results and a margin). */
export const REFRESH_PAST_DAYS = 400;
/** Days after today the daily refresh stores. */
export const REFRESH_AHEAD_DAYS = 200;
/** Most events one week view answers. */
export const WEEK_EVENTS_MAX = 2_000;
/** Most companies a personal view or feed covers (holdings and watchlists). */
export const PERSONAL_SYMBOLS_MAX = 300;
/** Results shown as "last results" on a company page. */
export const LAST_RESULTS = 4;

/** The Monday (`YYYY-MM-DD`) of the week that contains `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addIsoDays(day, -((weekday + 6) % 7));
}

/** Monday to Friday of the week that starts on `monday`. */
export const weekDays = (monday: string): string[] =>
  [0, 1, 2, 3, 4].map((offset) => addIsoDays(monday, offset));

/**
 * The surprise of a reported figure against its estimate in percent of the estimate's size, to
 * one decimal; null when either is unknown or the estimate is zero (no meaningful ratio).
 */
export function surprisePct(reported: number | null, estimate: number | null): number | null {
  if (reported === null || estimate === null || estimate === 0) return null;
  return Math.round(((reported - estimate) / Math.abs(estimate)) * 1000) / 10;
}

/** The window the daily refresh stores around `today`. */
export const refreshWindow = (today: string) => ({
  from: addIsoDays(today, -REFRESH_PAST_DAYS),
  to: addIsoDays(today, REFRESH_AHEAD_DAYS),
});

/**
 * The instants whose stories can be about an event of `day`: from the evening before (a story
 * published overnight in another zone) to the end of the day after (an after-close report).
 */
export const storyWindow = (day: string) => ({
  from: new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS / 2),
  to: new Date(Date.parse(`${day}T00:00:00Z`) + 2 * DAY_MS),
});
