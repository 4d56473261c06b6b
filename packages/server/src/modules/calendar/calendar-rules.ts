import type { CalendarEvent } from '@app/shared/api/portfolio';
import { badRequest } from '../../http/errors.ts';
import { dayNumber } from '@app/shared/dates';

/** The longest range one calendar request may cover (inclusive days). */
export const CALENDAR_MAX_DAYS = 400;
/** Most own events one user may keep. */
export const CALENDAR_EVENTS_PER_USER_MAX = 2_000;
/** Most companies whose earnings and dividends one calendar shows (holdings + watchlist). */
export const CALENDAR_SYMBOLS_MAX = 300;
/** Days shown when the request names no end. */
export const CALENDAR_DEFAULT_DAYS = 31;

/** Checks a requested range: `from <= to`, at most CALENDAR_MAX_DAYS days. */
export function checkRange(from: string, to: string): void {
  if (to < from) throw badRequest("The calendar range ends before it starts ('to' < 'from').");
  if (dayNumber(to) - dayNumber(from) + 1 > CALENDAR_MAX_DAYS) {
    throw badRequest(`The calendar shows at most ${CALENDAR_MAX_DAYS} days at a time.`);
  }
}

/**
 * Why a company is on the user's calendar: a holding before a watched company (a held company
 * that is also watched is shown once, as a holding), holdings first, each at most once.
 */
export function companiesOfInterest(
  held: readonly string[],
  watched: readonly string[],
): Map<string, 'holding' | 'watchlist'> {
  const reasons = new Map<string, 'holding' | 'watchlist'>();
  for (const symbol of held) if (!reasons.has(symbol)) reasons.set(symbol, 'holding');
  for (const symbol of watched) if (!reasons.has(symbol)) reasons.set(symbol, 'watchlist');
  return new Map([...reasons].slice(0, CALENDAR_SYMBOLS_MAX));
}

const KIND_ORDER: Record<CalendarEvent['kind'], number> = { earnings: 0, dividend: 1, user: 2 };

/** One list by date: earnings, then dividends, then the user's own, then by title. */
export function sortEvents(events: CalendarEvent[]): CalendarEvent[] {
  return events.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.title.localeCompare(b.title),
  );
}
