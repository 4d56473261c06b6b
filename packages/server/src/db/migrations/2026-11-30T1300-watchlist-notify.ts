import { sql, type Kysely } from 'kysely';

/**
 * Watchlist cache invalidation: API processes may keep a user's watchlists in memory
 * (`/news/my_portfolio` reads the default list on every call), so every change of a watchlist row
 * is announced on the channel `stockpulse_watchlists` with its user's id when the transaction
 * commits, whoever writes it (the watchlist routes, a user deleted by cascade, a test's SQL); a
 * truncate announces `*` (drop everything). PostgreSQL folds equal notices of one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
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
    end $$`.execute(db);
  await sql`
    create trigger watchlists_notify_change after insert or update or delete on watchlists
    for each row execute function notify_watchlist_change()`.execute(db);
  await sql`
    create trigger watchlists_notify_truncate after truncate on watchlists
    for each statement execute function notify_watchlist_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger watchlists_notify_truncate on watchlists`.execute(db);
  await sql`drop trigger watchlists_notify_change on watchlists`.execute(db);
  await sql`drop function notify_watchlist_change()`.execute(db);
}
