import type { NoticeHub } from '../../db/notice-hub.ts';
import { createNotifiedUserCache } from '../../db/notified-user-cache.ts';

/** Where the database announces changed alert settings (migration 2026-11-30T1430-alert-settings-notify). */
export const ALERT_SETTINGS_CHANNEL = 'stockpulse_alert_settings';

/** A user's `alert_settings` row as the settings route reads it (none: the defaults apply). */
export type AlertSettingsRow = {
  time_zone: string | null;
  quiet_start: number | null;
  quiet_end: number | null;
  hourly_cap: number | null;
};

/**
 * Users' alert settings kept in each API process (`/alerts/settings` read the caller's
 * row by primary key on every call): a trigger NOTIFYs every change of an `alert_settings` row
 * with its user's id, each process drops that user's entry, and a save through the alerts service
 * answers after every process dropped it (`db/notified-user-cache.ts`, as the watchlist cache).
 */
export function createAlertSettingsCache(deps: { hub: NoticeHub }) {
  const cache = createNotifiedUserCache<Readonly<AlertSettingsRow> | undefined>({
    ...deps,
    channel: ALERT_SETTINGS_CHANNEL,
    label: 'alert settings cache',
  });
  return {
    /** `userId`'s settings row from memory, else `load()`'s. */
    row: (
      userId: string,
      load: () => Promise<AlertSettingsRow | undefined>,
    ): Promise<Readonly<AlertSettingsRow> | undefined> =>
      cache.get(userId, userId, async () => {
        const loaded = await load();
        return loaded && Object.freeze({ ...loaded });
      }),
    ready: cache.ready,
    changed: cache.changed,
    stats: cache.stats,
    close: cache.close,
  };
}

export type AlertSettingsCache = ReturnType<typeof createAlertSettingsCache>;
