import { sql, type Kysely } from 'kysely';

/**
 * The trigger function of a user notify trigger, `fn`: a truncate announces `*` on `channel`, an
 * insert the new row's `column`, a delete the old one's, an update both. PostgreSQL keeps a
 * function's body as written, so this text is the same for every migration that creates one.
 */
function createNotifyFunction(db: Kysely<unknown>, fn: string, channel: string, column: string) {
  const name = sql.lit(channel);
  const user = sql.raw(column);
  return sql`
    create function ${sql.raw(fn)}() returns trigger language plpgsql as $$
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
}

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
  await createNotifyFunction(db, `notify_${table}_change`, channel, column);
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

/**
 * `createUserNotifyTrigger` with the function named `fn` (on `user_id`), in the statements the
 * first such migrations wrote out by hand: they have run on existing databases, so what they send
 * stays to the letter (`user-notify-trigger.test.ts` compares it with their original text).
 */
export async function createNamedNotifyTrigger(
  db: Kysely<unknown>,
  table: string,
  channel: string,
  fn: string,
): Promise<void> {
  const [name, call] = [sql.raw(table), sql.raw(fn)];
  await createNotifyFunction(db, fn, channel, 'user_id');
  await sql`
    create trigger ${sql.raw(`${table}_notify_change`)} after insert or update or delete on ${name}
    for each row execute function ${call}()`.execute(db);
  await sql`
    create trigger ${sql.raw(`${table}_notify_truncate`)} after truncate on ${name}
    for each statement execute function ${call}()`.execute(db);
}

/** Undoes `createNamedNotifyTrigger`, in the statements those migrations wrote. */
export async function dropNamedNotifyTrigger(
  db: Kysely<unknown>,
  table: string,
  fn: string,
): Promise<void> {
  const name = sql.raw(table);
  await sql`drop trigger ${sql.raw(`${table}_notify_truncate`)} on ${name}`.execute(db);
  await sql`drop trigger ${sql.raw(`${table}_notify_change`)} on ${name}`.execute(db);
  await sql`drop function ${sql.raw(fn)}()`.execute(db);
}
