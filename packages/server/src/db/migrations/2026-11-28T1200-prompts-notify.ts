import { sql, type Kysely } from 'kysely';

/**
 * Prompt read caches: API processes keep serialised prompt lists, single prompts and
 * company analyses in memory (`modules/prompts/prompt-read-cache.ts`), so every change is
 * announced on the channel `stockpulse_prompts` when its transaction commits, whoever writes it
 * (the API, the worker answering, the sweep, a test's SQL): a prompts statement notifies each
 * owner's id once (statement-level, so `rm/ALL` and bulk loads send one notice per user), a
 * company_prompts statement notifies `analyses`. PostgreSQL folds equal notices of a transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_prompts_new() returns trigger language plpgsql as $$
    begin
      perform pg_notify('stockpulse_prompts', u.user_id::text)
        from (select distinct user_id from new_rows) u;
      return null;
    end $$`.execute(db);
  await sql`
    create function notify_prompts_old() returns trigger language plpgsql as $$
    begin
      perform pg_notify('stockpulse_prompts', u.user_id::text)
        from (select distinct user_id from old_rows) u;
      return null;
    end $$`.execute(db);
  await sql`
    create function notify_company_prompts() returns trigger language plpgsql as $$
    begin
      perform pg_notify('stockpulse_prompts', 'analyses');
      return null;
    end $$`.execute(db);
  // Transition tables allow one event per trigger; an update names the new rows (the owner of a
  // prompt never changes).
  await sql`
    create trigger prompts_notify_insert after insert on prompts
    referencing new table as new_rows
    for each statement execute function notify_prompts_new()`.execute(db);
  await sql`
    create trigger prompts_notify_update after update on prompts
    referencing new table as new_rows
    for each statement execute function notify_prompts_new()`.execute(db);
  await sql`
    create trigger prompts_notify_delete after delete on prompts
    referencing old table as old_rows
    for each statement execute function notify_prompts_old()`.execute(db);
  await sql`
    create trigger company_prompts_notify after insert or update or delete or truncate
    on company_prompts for each statement execute function notify_company_prompts()`.execute(db);
  // `/prompts/state`'s answers being written, in the order they started: without it the waiting
  // line's rows are read to find the few taken (9 ms at 1,000 waiting, EXPLAIN at 100,000 prompts).
  await sql`create index prompts_processing on prompts (started_at)
    where status = 'INDEX' and not deleted and started_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index prompts_processing`.execute(db);
  await sql`drop trigger company_prompts_notify on company_prompts`.execute(db);
  await sql`drop trigger prompts_notify_delete on prompts`.execute(db);
  await sql`drop trigger prompts_notify_update on prompts`.execute(db);
  await sql`drop trigger prompts_notify_insert on prompts`.execute(db);
  await sql`drop function notify_company_prompts()`.execute(db);
  await sql`drop function notify_prompts_old()`.execute(db);
  await sql`drop function notify_prompts_new()`.execute(db);
}
