import { sql, type Kysely } from 'kysely';

/**
 * Session cache invalidation: API processes may keep resolved sessions in memory, so
 * every change that could end or alter one is announced to all of them on the channel
 * `stockpulse_sessions`, with the user's id as payload, when its transaction commits — whoever
 * writes it (logout, password change, admin edits, billing events, a user deleted, a test's SQL).
 * A session row updated or deleted, or a user row updated or deleted, notifies; inserts do not
 * (a new session is not in any cache). PostgreSQL folds equal notifications of one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_session_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('stockpulse_sessions', old.user_id::text);
      return null;
    end $$`.execute(db);
  await sql`
    create function notify_session_user_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('stockpulse_sessions', old.id::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger sessions_notify_change after update or delete on sessions
    for each row execute function notify_session_change()`.execute(db);
  await sql`
    create trigger users_notify_change after update or delete on users
    for each row execute function notify_session_user_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_notify_change on users`.execute(db);
  await sql`drop trigger sessions_notify_change on sessions`.execute(db);
  await sql`drop function notify_session_user_change()`.execute(db);
  await sql`drop function notify_session_change()`.execute(db);
}
