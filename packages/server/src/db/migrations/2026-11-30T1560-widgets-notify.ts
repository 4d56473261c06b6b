import type { Kysely } from 'kysely';
import { createUserNotifyTrigger, dropUserNotifyTrigger } from '../user-notify-trigger.ts';

/**
 * Widgets cache invalidation (`/user/widgets` read 0.48–0.85× the reference with a
 * prepared statement): API processes may keep a user's dashboard widgets in memory, so every
 * change of a `user_widgets` row is announced on `stockpulse_widgets` with its user's id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createUserNotifyTrigger(db, 'user_widgets', 'stockpulse_widgets');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropUserNotifyTrigger(db, 'user_widgets');
}
