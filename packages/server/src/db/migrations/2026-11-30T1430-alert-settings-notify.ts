import type { Kysely } from 'kysely';
import { createNamedNotifyTrigger, dropNamedNotifyTrigger } from '../user-notify-trigger.ts';

/**
 * Alert settings cache invalidation: API processes keep users' alert settings in memory
 * (`/alerts/settings` read the row on every call), so every change of an `alert_settings` row is
 * announced on the channel `stockpulse_alert_settings` with its user's id when the transaction
 * commits, whoever writes it (the settings route, a user deleted by cascade, a test's SQL); a
 * truncate announces `*` (drop everything). PostgreSQL folds equal notices of one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createNamedNotifyTrigger(
    db,
    'alert_settings',
    'stockpulse_alert_settings',
    'notify_alert_settings_change',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropNamedNotifyTrigger(db, 'alert_settings', 'notify_alert_settings_change');
}
