import { sql, type Kysely } from 'kysely';

/**
 * For migrations: announce every change of `table`'s rows on `channel` with the row's `user_id`
 * (or `column`: the user the row belongs to) when the transaction commits, whoever writes (a route, a cascade, a test's SQL): an insert its
 * new user, a delete its old one, an update both; a truncate announces `*` (drop everything).
 * The caches of `db/notified-user-cache.ts` listen. PostgreSQL folds equal notices of one
 * transaction. The function is `notify_<table>_change`, the triggers `<table>_notify_change` and
 * `<table>_notify_truncate`.
 */
export async function createUserNotifyTrigger(
  db: Kysely<unknown>,
  table: string,
  channel: string,
  column = 'user_id',
): Promise<void> {
  const fn = sql.raw(`notify_${table}_change`);
  const name = sql.lit(channel);
  const user = sql.raw(column);
  await sql`
    create function ${fn}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify(${name}, '*');
        return null;
      end if;
      if tg_op <> 'INSERT' then
        perform pg_notify(${name}, old.${user}::text);
      end if;
      if tg_op <> 'DELETE' then
        perform pg_notify(${name}, new.${user}::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger ${sql.raw(`${table}_notify_change`)} after insert or update or delete
    on ${sql.table(table)} for each row execute function ${fn}()`.execute(db);
  await sql`
    create trigger ${sql.raw(`${table}_notify_truncate`)} after truncate on ${sql.table(table)}
    for each statement execute function ${fn}()`.execute(db);
}

/** Undoes `createUserNotifyTrigger`. */
export async function dropUserNotifyTrigger(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`drop trigger ${sql.raw(`${table}_notify_truncate`)} on ${sql.table(table)}`.execute(db);
  await sql`drop trigger ${sql.raw(`${table}_notify_change`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function ${sql.raw(`notify_${table}_change`)}()`.execute(db);
}
