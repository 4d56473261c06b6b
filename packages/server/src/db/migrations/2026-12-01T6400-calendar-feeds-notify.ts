import { sql, type Kysely } from 'kysely';

/**
 * Calendar feed invalidation: API processes keep each private iCalendar feed in memory by its
 * token's hash, so every change of a `calendar_feeds` row (a link created, replaced or revoked,
 * a user deleted by cascade) is announced on the channel `stockpulse_calendar_feeds` with its
 * user's id when the transaction commits, whoever writes it; a truncate announces `*` (drop
 * everything). PostgreSQL folds equal notices of one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
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
    end $$`.execute(db);
  await sql`
    create trigger calendar_feeds_notify_change after insert or update or delete on calendar_feeds
    for each row execute function notify_calendar_feed_change()`.execute(db);
  await sql`
    create trigger calendar_feeds_notify_truncate after truncate on calendar_feeds
    for each statement execute function notify_calendar_feed_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger calendar_feeds_notify_truncate on calendar_feeds`.execute(db);
  await sql`drop trigger calendar_feeds_notify_change on calendar_feeds`.execute(db);
  await sql`drop function notify_calendar_feed_change()`.execute(db);
}
