import { sql, type Kysely } from 'kysely';

/**
 * Admin page answers kept in memory: API processes keep the admin panel's pages (user
 * list, searches, approval queue, outbox) as the bytes sent, so every statement that writes `users`
 * or `outbox` announces it on the channel `stockpulse_admin_pages` (`users` or `outbox`) when its
 * transaction commits, whoever writes (registration, profile and admin edits, billing, a mail
 * kept, a test's SQL). Statement-level: a bulk write is one notice; PostgreSQL folds equal notices
 * of one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_admin_pages() returns trigger language plpgsql as $$
    begin
      perform pg_notify('stockpulse_admin_pages', tg_argv[0]);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_notify_admin_pages after insert or update or delete or truncate on users
    for each statement execute function notify_admin_pages('users')`.execute(db);
  await sql`
    create trigger outbox_notify_admin_pages after insert or update or delete or truncate on outbox
    for each statement execute function notify_admin_pages('outbox')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger outbox_notify_admin_pages on outbox`.execute(db);
  await sql`drop trigger users_notify_admin_pages on users`.execute(db);
  await sql`drop function notify_admin_pages()`.execute(db);
}
