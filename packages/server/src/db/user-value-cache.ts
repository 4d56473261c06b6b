import type { NoticeHub } from './notice-hub.ts';
import { createNotifiedUserCache } from './notified-user-cache.ts';

/**
 * One value per user kept in each API process, safe across processes (`notified-user-cache.ts`):
 * the referral page and the dashboard's widgets, each a small answer read on every
 * visit and changed rarely. A trigger NOTIFYs `channel` with the id of the user whose value
 * changed; a write through a service calls `changed` (or `changedMany`) and answers once every
 * listening process dropped it. Every caller is served the same object: it is frozen, with
 * everything in it.
 */
export function createUserValueCache<V extends object>(options: {
  hub: NoticeHub;
  channel: string;
  label: string;
}) {
  // The value, or null when `load` found nothing (an unknown user).
  const cache = createNotifiedUserCache<V | null>(options);
  return {
    /** `userId`'s value from memory, else `load()`'s (kept when nothing changed while it ran). */
    value(userId: string, load: () => Promise<V | null>): Promise<V | null> {
      return cache.get(userId, userId, async () => {
        const loaded = await load();
        return loaded && deepFreeze(loaded);
      });
    },
    ready: cache.ready,
    changed: cache.changed,
    changedMany: cache.changedMany,
    stats: cache.stats,
    close: cache.close,
  };
}

export type UserValueCache<V extends object> = ReturnType<typeof createUserValueCache<V>>;

function deepFreeze<T extends object>(value: T): T {
  for (const item of Object.values(value)) {
    if (item !== null && typeof item === 'object') deepFreeze(item as object);
  }
  return Object.freeze(value);
}
