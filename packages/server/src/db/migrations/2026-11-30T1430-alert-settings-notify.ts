import { sql, type Kysely } from 'kysely';

/**
 * Alert settings cache invalidation: API processes keep users' alert settings in memory
 * (`/alerts/settings` read the row on every call), so every change of an `alert_settings` row is
 * announced on the channel `stockpulse_alert_settings` with its user's id when the transaction
 * commits, whoever writes it (the settings route, a user deleted by cascade, a test's SQL); a
 * truncate announces `*` (drop everything). PostgreSQL folds equal notices of one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
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
    end $$`.execute(db);
  await sql`
    create trigger alert_settings_notify_change after insert or update or delete on alert_settings
    for each row execute function notify_alert_settings_change()`.execute(db);
  await sql`
    create trigger alert_settings_notify_truncate after truncate on alert_settings
    for each statement execute function notify_alert_settings_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger alert_settings_notify_truncate on alert_settings`.execute(db);
  await sql`drop trigger alert_settings_notify_change on alert_settings`.execute(db);
  await sql`drop function notify_alert_settings_change()`.execute(db);
}
