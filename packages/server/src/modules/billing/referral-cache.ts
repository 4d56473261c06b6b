import type { NoticeHub } from '../../db/notice-hub.ts';
import { createUserValueCache } from '../../db/user-value-cache.ts';

/** Where the database announces changed referral pages (migration 2026-11-30T1540-referral-notify). */
export const REFERRALS_CHANNEL = 'stockpulse_referrals';

/**
 * Each user's referral page kept in each API process (`/payment/referrals` read 0.49×
 * the reference with a prepared statement; the page changes only when someone signs up with the
 * user's code or a payment writes the ledger): triggers NOTIFY every change with the id of the
 * user whose page changed, each process drops that user's page, and a ledger write through the
 * billing service answers after every process dropped it (`db/user-value-cache.ts`).
 */
export function createReferralCache<Page extends object>(deps: { hub: NoticeHub }) {
  return createUserValueCache<Page>({
    ...deps,
    channel: REFERRALS_CHANNEL,
    label: 'referral cache',
  });
}

export type ReferralCache<Page extends object> = ReturnType<typeof createReferralCache<Page>>;
