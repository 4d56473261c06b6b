import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { createNotifiedUserCache } from '../../db/notified-user-cache.ts';

/** Where the database announces changed referral pages (migration 2026-11-30T1540-referral-notify). */
export const REFERRALS_CHANNEL = 'stockpulse_referrals';

/**
 * Each user's referral page kept in each API process (issue 18: `/payment/referrals` read 0.49×
 * the reference with a prepared statement; the page changes only when someone signs up with the
 * user's code or a payment writes the ledger): triggers NOTIFY every change with the id of the
 * user whose page changed, each process drops that user's page, and a ledger write through the
 * billing service answers after every process dropped it (`db/notified-user-cache.ts`).
 */
export function createReferralCache<Page extends object>(deps: {
  db: Database;
  log?: FastifyBaseLogger;
}) {
  // The page, or null for a user that does not exist.
  const cache = createNotifiedUserCache<Page | null>({
    ...deps,
    channel: REFERRALS_CHANNEL,
    listenerName: 'stockpulse-referrals',
    label: 'referral cache',
  });
  return {
    /**
     * `userId`'s referral page from memory, else `load()`'s (kept when nothing changed while it
     * ran). Every caller is served the same object: it is frozen, its arrays and their items too.
     */
    async page(userId: string, load: () => Promise<Page | null>): Promise<Page | null> {
      return cache.get(userId, userId, async () => {
        const page = await load();
        return page && deepFreeze(page);
      });
    },
    ready: cache.ready,
    changedMany: cache.changedMany,
    stats: cache.stats,
    close: cache.close,
  };
}

function deepFreeze<T extends object>(value: T): T {
  for (const item of Object.values(value)) {
    if (item !== null && typeof item === 'object') deepFreeze(item as object);
  }
  return Object.freeze(value);
}

export type ReferralCache<Page extends object> = ReturnType<typeof createReferralCache<Page>>;
