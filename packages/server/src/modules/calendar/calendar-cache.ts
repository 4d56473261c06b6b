import type { NoticeHub } from '../../db/notice-hub.ts';
import { createNotifiedUserCache } from '../../db/notified-user-cache.ts';
import type { CalendarEventRow } from './calendar.repository.ts';

/** Where the database announces changed calendar events (migration 2026-11-30T1550-calendar-notify). */
export const CALENDAR_CHANNEL = 'stockpulse_calendar';

/** Ranges kept at most, over all users (the oldest goes first). */
const RANGES_KEPT = 5_000;
/**
 * Characters of titles and notes a kept range holds at most: a range with more is read each
 * time, so the cache holds at most 5,000 × 16,000 characters however many events users keep.
 */
const TEXT_KEPT_MAX = 16_000;

/**
 * Users' own events of a range kept in each API process (`/calendar/events` read the
 * user's events on every dashboard visit, 0.37–0.58× the reference with a prepared statement;
 * most users have none): a trigger NOTIFYs every change of a `calendar_events` row with its
 * user's id, each process drops that user's ranges, and a write through the calendar service
 * answers after every process dropped them (`db/notified-user-cache.ts`).
 */
export function createCalendarCache(deps: { hub: NoticeHub }) {
  const cache = createNotifiedUserCache<readonly Readonly<CalendarEventRow>[]>({
    ...deps,
    channel: CALENDAR_CHANNEL,
    label: 'calendar cache',
    maxEntries: RANGES_KEPT,
  });
  const small = (rows: readonly Readonly<CalendarEventRow>[]) => {
    let characters = 0;
    for (const row of rows) characters += row.title.length + row.note.length;
    return characters <= TEXT_KEPT_MAX;
  };
  return {
    /** `userId`'s own events of `from`–`to` from memory, else `load()`'s (frozen). */
    async between(
      userId: string,
      from: string,
      to: string,
      load: () => Promise<CalendarEventRow[]>,
    ): Promise<readonly Readonly<CalendarEventRow>[]> {
      return cache.get(
        userId,
        `${userId} ${from} ${to}`,
        async () => Object.freeze((await load()).map((row) => Object.freeze(row))),
        small,
      );
    },
    ready: cache.ready,
    changed: cache.changed,
    stats: cache.stats,
    close: cache.close,
  };
}

export type CalendarCache = ReturnType<typeof createCalendarCache>;
