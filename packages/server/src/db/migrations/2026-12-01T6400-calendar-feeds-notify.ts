import type { Kysely } from 'kysely';
import { createNamedNotifyTrigger, dropNamedNotifyTrigger } from '../user-notify-trigger.ts';

/**
 * Calendar feed invalidation: API processes keep each private iCalendar feed in memory by its
 * token's hash, so every change of a `calendar_feeds` row (a link created, replaced or revoked,
 * a user deleted by cascade) is announced on the channel `stockpulse_calendar_feeds` with its
 * user's id when the transaction commits, whoever writes it; a truncate announces `*` (drop
 * everything). PostgreSQL folds equal notices of one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createNamedNotifyTrigger(
    db,
    'calendar_feeds',
    'stockpulse_calendar_feeds',
    'notify_calendar_feed_change',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropNamedNotifyTrigger(db, 'calendar_feeds', 'notify_calendar_feed_change');
}
