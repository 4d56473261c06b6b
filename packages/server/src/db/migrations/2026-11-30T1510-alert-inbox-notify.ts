import { sql, type Kysely } from 'kysely';

/**
 * Alerts bell cache invalidation: API processes keep each user's bell answer
 * (`/alerts/mine`) in memory, so every change of what it shows is announced on the channel
 * `stockpulse_alert_inbox` with the user's id when the transaction commits, whoever writes it:
 * a user's instant e-mail delivery row added, removed or rewritten (its user, kind, channel,
 * payload or time; the sender's status updates are not announced: the bell does not show them),
 * and the user's read watermark (`alert_reads`). A truncate of either announces `*`.
 * PostgreSQL folds equal notices of one transaction (a fan-out announces each user once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_alert_inbox_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('stockpulse_alert_inbox', '*');
        return null;
      end if;
      if tg_op <> 'INSERT' and old.user_id is not null then
        perform pg_notify('stockpulse_alert_inbox', old.user_id::text);
      end if;
      if tg_op <> 'DELETE' and new.user_id is not null then
        perform pg_notify('stockpulse_alert_inbox', new.user_id::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger deliveries_inbox_notify_insert after insert on deliveries for each row
    when (new.kind = 'instant' and new.channel = 'email' and new.user_id is not null)
    execute function notify_alert_inbox_change()`.execute(db);
  await sql`
    create trigger deliveries_inbox_notify_delete after delete on deliveries for each row
    when (old.kind = 'instant' and old.channel = 'email' and old.user_id is not null)
    execute function notify_alert_inbox_change()`.execute(db);
  await sql`
    create trigger deliveries_inbox_notify_update
    after update of user_id, kind, channel, payload, created_at on deliveries for each row
    execute function notify_alert_inbox_change()`.execute(db);
  await sql`
    create trigger deliveries_inbox_notify_truncate after truncate on deliveries
    for each statement execute function notify_alert_inbox_change()`.execute(db);
  await sql`
    create trigger alert_reads_inbox_notify after insert or update or delete on alert_reads
    for each row execute function notify_alert_inbox_change()`.execute(db);
  await sql`
    create trigger alert_reads_inbox_notify_truncate after truncate on alert_reads
    for each statement execute function notify_alert_inbox_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger alert_reads_inbox_notify_truncate on alert_reads`.execute(db);
  await sql`drop trigger alert_reads_inbox_notify on alert_reads`.execute(db);
  await sql`drop trigger deliveries_inbox_notify_truncate on deliveries`.execute(db);
  await sql`drop trigger deliveries_inbox_notify_update on deliveries`.execute(db);
  await sql`drop trigger deliveries_inbox_notify_delete on deliveries`.execute(db);
  await sql`drop trigger deliveries_inbox_notify_insert on deliveries`.execute(db);
  await sql`drop function notify_alert_inbox_change()`.execute(db);
}
