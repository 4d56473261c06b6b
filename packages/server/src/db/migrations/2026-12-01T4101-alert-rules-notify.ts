import { sql, type Kysely } from 'kysely';

/**
 * Alert rules cache invalidation: API processes keep each user's rules and history pages
 * (`/alerts/rules`, `/alerts/rules/history`) in memory, so every change of a user's rules or
 * firings is announced on the channel `stockpulse_alert_rules` with the user's id when the
 * transaction commits, whoever writes it (the worker's firings included). Statement triggers
 * with transition tables announce each user once per statement, not once per row: a storm's
 * one statement fires tens of thousands of rules. A truncate announces `*`.
 */
const CHANNEL = 'stockpulse_alert_rules';
const TABLES = ['alert_rules', 'alert_rule_firings'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_alert_rules_inserted() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANNEL)}, s.user_id::text)
      from (select distinct user_id from new_rows) s;
      return null;
    end $$`.execute(db);
  await sql`
    create function notify_alert_rules_deleted() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANNEL)}, s.user_id::text)
      from (select distinct user_id from old_rows) s;
      return null;
    end $$`.execute(db);
  await sql`
    create function notify_alert_rules_updated() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANNEL)}, s.user_id::text)
      from (select user_id from new_rows union select user_id from old_rows) s;
      return null;
    end $$`.execute(db);
  await sql`
    create function notify_alert_rules_truncated() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANNEL)}, '*');
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_notify_insert`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement
      execute function notify_alert_rules_inserted()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_notify_delete`)} after delete on ${sql.table(table)}
      referencing old table as old_rows for each statement
      execute function notify_alert_rules_deleted()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_notify_update`)} after update on ${sql.table(table)}
      referencing old table as old_rows new table as new_rows for each statement
      execute function notify_alert_rules_updated()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_notify_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function notify_alert_rules_truncated()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    for (const event of ['insert', 'delete', 'update', 'truncate']) {
      await sql`drop trigger ${sql.id(`${table}_notify_${event}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  for (const name of ['inserted', 'deleted', 'updated', 'truncated']) {
    await sql`drop function ${sql.id(`notify_alert_rules_${name}`)}()`.execute(db);
  }
}
