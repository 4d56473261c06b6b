import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Migration } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import * as alertSettingsNotify from './migrations/2026-11-30T1430-alert-settings-notify.ts';
import * as watchlistNotify from './migrations/2026-11-30T1300-watchlist-notify.ts';
import * as calendarNotify from './migrations/2026-11-30T1550-calendar-notify.ts';
import * as calendarFeedsNotify from './migrations/2026-12-01T6400-calendar-feeds-notify.ts';

/** The SQL text of every statement a migration step sends, in order, without a database. */
async function statementsOf(step: Migration['up']): Promise<string[]> {
  const sent: string[] = [];
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      sent.push(event.query.sql);
    },
  });
  await step(db);
  return sent;
}

// These migrations have run on existing databases: what they send must stay to the letter (a
// function's body is kept as written). The texts below are the statements they were written with;
// the calendar's stands for every migration that called `createUserNotifyTrigger` from the first.
const expected = {
  calendarNotify: {
    up: [
      `
    create function notify_calendar_events_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('stockpulse_calendar', '*');
        return null;
      end if;
      if tg_op <> 'INSERT' then
        perform pg_notify('stockpulse_calendar', old.user_id::text);
      end if;
      if tg_op <> 'DELETE' then
        perform pg_notify('stockpulse_calendar', new.user_id::text);
      end if;
      return null;
    end $$`,
      `
    create trigger calendar_events_notify_change after insert or update or delete
    on "calendar_events" for each row execute function notify_calendar_events_change()`,
      `
    create trigger calendar_events_notify_truncate after truncate on "calendar_events"
    for each statement execute function notify_calendar_events_change()`,
    ],
    down: [
      `drop trigger calendar_events_notify_truncate on "calendar_events"`,
      `drop trigger calendar_events_notify_change on "calendar_events"`,
      `drop function notify_calendar_events_change()`,
    ],
  },
  watchlistNotify: {
    up: [
      `
    create function notify_watchlist_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('stockpulse_watchlists', '*');
        return null;
      end if;
      if tg_op <> 'INSERT' then
        perform pg_notify('stockpulse_watchlists', old.user_id::text);
      end if;
      if tg_op <> 'DELETE' then
        perform pg_notify('stockpulse_watchlists', new.user_id::text);
      end if;
      return null;
    end $$`,
      `
    create trigger watchlists_notify_change after insert or update or delete on watchlists
    for each row execute function notify_watchlist_change()`,
      `
    create trigger watchlists_notify_truncate after truncate on watchlists
    for each statement execute function notify_watchlist_change()`,
    ],
    down: [
      `drop trigger watchlists_notify_truncate on watchlists`,
      `drop trigger watchlists_notify_change on watchlists`,
      `drop function notify_watchlist_change()`,
    ],
  },
  alertSettingsNotify: {
    up: [
      `
    create function notify_alert_settings_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('stockpulse_alert_settings', '*');
        return null;
      end if;
      if tg_op <> 'INSERT' then
        perform pg_notify('stockpulse_alert_settings', old.user_id::text);
      end if;
      if tg_op <> 'DELETE' then
        perform pg_notify('stockpulse_alert_settings', new.user_id::text);
      end if;
      return null;
    end $$`,
      `
    create trigger alert_settings_notify_change after insert or update or delete on alert_settings
    for each row execute function notify_alert_settings_change()`,
      `
    create trigger alert_settings_notify_truncate after truncate on alert_settings
    for each statement execute function notify_alert_settings_change()`,
    ],
    down: [
      `drop trigger alert_settings_notify_truncate on alert_settings`,
      `drop trigger alert_settings_notify_change on alert_settings`,
      `drop function notify_alert_settings_change()`,
    ],
  },
  calendarFeedsNotify: {
    up: [
      `
    create function notify_calendar_feed_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('stockpulse_calendar_feeds', '*');
        return null;
      end if;
      if tg_op <> 'INSERT' then
        perform pg_notify('stockpulse_calendar_feeds', old.user_id::text);
      end if;
      if tg_op <> 'DELETE' then
        perform pg_notify('stockpulse_calendar_feeds', new.user_id::text);
      end if;
      return null;
    end $$`,
      `
    create trigger calendar_feeds_notify_change after insert or update or delete on calendar_feeds
    for each row execute function notify_calendar_feed_change()`,
      `
    create trigger calendar_feeds_notify_truncate after truncate on calendar_feeds
    for each statement execute function notify_calendar_feed_change()`,
    ],
    down: [
      `drop trigger calendar_feeds_notify_truncate on calendar_feeds`,
      `drop trigger calendar_feeds_notify_change on calendar_feeds`,
      `drop function notify_calendar_feed_change()`,
    ],
  },
};

describe('user notify triggers of the migrations', () => {
  const migrations = {
    calendarNotify,
    watchlistNotify,
    alertSettingsNotify,
    calendarFeedsNotify,
  };
  for (const [name, migration] of Object.entries(migrations)) {
    it(`${name} sends the statements it was written with`, async () => {
      const texts = expected[name as keyof typeof expected];
      expect(await statementsOf(migration.up)).toEqual(texts.up);
      expect(await statementsOf(migration.down)).toEqual(texts.down);
    });
  }
});
