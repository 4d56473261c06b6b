import type { Kysely } from 'kysely';
import { createUserNotifyTrigger, dropUserNotifyTrigger } from '../user-notify-trigger.ts';

/**
 * Calendar cache invalidation (`/calendar/events` read 0.37–0.58× the reference with a
 * prepared statement): API processes may keep a user's own events of a range in memory, so every
 * change of a `calendar_events` row is announced on `stockpulse_calendar` with its user's id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createUserNotifyTrigger(db, 'calendar_events', 'stockpulse_calendar');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropUserNotifyTrigger(db, 'calendar_events');
}
