import type { AlertRule, AlertRuleFiring } from '@app/shared/api/alert-rules';
import type { NoticeHub } from '../../db/notice-hub.ts';
import { createNotifiedUserCache } from '../../db/notified-user-cache.ts';

/** Where the database announces changed rules or firings (migration 2026-12-01T4101-alert-rules-notify). */
export const ALERT_RULES_CHANNEL = 'stockpulse_alert_rules';

/** A page of what a user's rules fired, as the history route answers it. */
export type AlertRuleHistoryPage = { firings: AlertRuleFiring[]; has_more: boolean };

type Kept = readonly Readonly<AlertRule>[] | Readonly<AlertRuleHistoryPage>;

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
};

/**
 * Users' alert rules and history pages kept in each API process (the alerts page read them from
 * PostgreSQL on every call and waited on it under load): a trigger NOTIFYs every change of a
 * user's rules or firings with the user's id, whoever writes it (the worker's firings too), each
 * process drops that user's entries, and a write through the rules service answers after every
 * process dropped them (`db/notified-user-cache.ts`, as the alert settings cache).
 */
export function createAlertRuleCache(deps: { hub: NoticeHub }) {
  const cache = createNotifiedUserCache<Kept>({
    ...deps,
    channel: ALERT_RULES_CHANNEL,
    label: 'alert rules cache',
  });
  return {
    /** `userId`'s rules, newest first, from memory, else `load()`'s. */
    rules: (userId: string, load: () => Promise<AlertRule[]>) =>
      cache.get(userId, `${userId}:rules`, async () => deepFreeze(await load())) as Promise<
        readonly Readonly<AlertRule>[]
      >,
    /** A page of `userId`'s history from memory, else `load()`'s. */
    history: (
      userId: string,
      page: { skip: number; limit: number },
      load: () => Promise<AlertRuleHistoryPage>,
    ) =>
      cache.get(userId, `${userId}:history:${String(page.skip)}:${String(page.limit)}`, async () =>
        deepFreeze(await load()),
      ) as Promise<Readonly<AlertRuleHistoryPage>>,
    ready: cache.ready,
    changed: cache.changed,
    stats: cache.stats,
    close: cache.close,
  };
}

export type AlertRuleCache = ReturnType<typeof createAlertRuleCache>;
