import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { createNoticeListener } from '../../db/notice-listener.ts';
import { createUserKeyedEntries } from '../../db/user-keyed-entries.ts';

/** Where the database announces changed alert settings (migration 2026-11-30T1430-alert-settings-notify). */
export const ALERT_SETTINGS_CHANNEL = 'stockpulse_alert_settings';
/** Users' settings kept at most; the oldest goes first. */
const MAX_ENTRIES = 50_000;
/** A safety net only: every change is announced, so an entry is normally dropped long before. */
const MAX_AGE_MS = 5 * 60_000;
/** The listeners' connections carry this name, so a write knows whom to wait for. */
const LISTENER_NAME = 'stockpulse-alert-settings';

/** A user's `alert_settings` row as the settings route reads it (none: the defaults apply). */
export type AlertSettingsRow = {
  time_zone: string | null;
  quiet_start: number | null;
  quiet_end: number | null;
  hourly_cap: number | null;
};

type Entry = { userId: string; row: Readonly<AlertSettingsRow> | undefined; cachedAt: number };

/**
 * Users' alert settings kept in each API process (issue 18: `/alerts/settings` read the caller's
 * row by primary key on every call), safe across processes as the watchlist cache is: the database
 * NOTIFYs every change of an `alert_settings` row with its user's id (a trigger, whoever writes),
 * and one connection per process LISTENs and drops that user's entry. Nothing is served from
 * memory while that connection does not listen; a read is stored only when no notice (nor a
 * reconnect) arrived while it ran. A save through the alerts service waits (`changed`) until every
 * listening process dropped the user's entry, so the next read anywhere sees it.
 */
export function createAlertSettingsCache(deps: { db: Database; log?: FastifyBaseLogger }) {
  const { db, log } = deps;
  const entries = createUserKeyedEntries<Entry>(MAX_ENTRIES);
  let hits = 0;
  const listener = createNoticeListener({
    db,
    channel: ALERT_SETTINGS_CHANNEL,
    applicationName: LISTENER_NAME,
    label: 'alert settings cache',
    log,
    // The trigger's notice: a user's settings row changed (`*`: the table was truncated).
    onNotice: (payload) => {
      if (payload === '*') {
        listener.bump();
        entries.clear();
      } else dropUser(payload);
    },
    // A save through a service asks every listener to confirm: drop, then acknowledge.
    onConfirmRequest: (userId) => dropUser(userId),
    onReset: () => entries.clear(),
  });

  function dropUser(userId: string) {
    listener.bump();
    entries.dropUser(userId);
  }

  return {
    /**
     * `userId`'s settings row from memory, else `load()`'s (kept when nothing changed while it
     * ran). Starts listening on first use; until it listens every call loads.
     */
    async row(
      userId: string,
      load: () => Promise<AlertSettingsRow | undefined>,
    ): Promise<Readonly<AlertSettingsRow> | undefined> {
      if (!listener.isListening()) {
        listener.ensureListening();
        return load();
      }
      const entry = entries.get(userId);
      if (entry && performance.now() - entry.cachedAt <= MAX_AGE_MS) {
        hits += 1;
        return entry.row;
      }
      const mark = listener.generation();
      const loaded = await load();
      const row = loaded && Object.freeze({ ...loaded });
      if (listener.isListening() && mark === listener.generation())
        entries.set(userId, { userId, row, cachedAt: performance.now() });
      return row;
    },

    /**
     * Listens before a save (a failure is not thrown: the cache then serves nothing), so the
     * save's confirmation below can reach every process.
     */
    ready: listener.ready,

    /**
     * Called after a save of `userId`'s settings committed: drops them here at once, then asks
     * every listening process by NOTIFY to drop them and waits until each one (by backend pid)
     * acknowledged — so a read that reaches any process after the save's answer sees it. A
     * process that does not answer within two seconds (it died) is not waited for.
     */
    async changed(userId: string): Promise<void> {
      dropUser(userId);
      await listener.confirmEverywhere(userId);
    },

    /** Whether entries may be served, how many there are, and the hits so far; for tests. */
    stats: () => ({ listening: listener.isListening(), entries: entries.size(), hits }),

    close: listener.close,
  };
}

export type AlertSettingsCache = ReturnType<typeof createAlertSettingsCache>;
