import type { Kysely } from 'kysely';
import { createNamedNotifyTrigger, dropNamedNotifyTrigger } from '../user-notify-trigger.ts';

/**
 * Watchlist cache invalidation: API processes may keep a user's watchlists in memory
 * (`/news/my_portfolio` reads the default list on every call), so every change of a watchlist row
 * is announced on the channel `stockpulse_watchlists` with its user's id when the transaction
 * commits, whoever writes it (the watchlist routes, a user deleted by cascade, a test's SQL); a
 * truncate announces `*` (drop everything). PostgreSQL folds equal notices of one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createNamedNotifyTrigger(
    db,
    'watchlists',
    'stockpulse_watchlists',
    'notify_watchlist_change',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropNamedNotifyTrigger(db, 'watchlists', 'notify_watchlist_change');
}
