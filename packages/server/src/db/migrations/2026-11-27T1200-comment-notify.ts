import { sql, type Kysely } from 'kysely';

/**
 * Comment page cache invalidation: API processes may keep a thread's pages, the
 * reports queue and unread replies as serialised answers, so every change of a comment is
 * announced to all of them on the channel `stockpulse_comments` when its transaction commits —
 * whoever writes it (a comment, an edit, a delete, a hide, a report, a dismiss, an account removed
 * (the foreign key's `set null`), a test's SQL). The payload is the article's id, once per article
 * and statement (statement triggers over the transition tables: a bulk insert of 100,000 comments
 * sends one notice per article, and PostgreSQL folds equal notices of one transaction). A user's
 * replies marked as read (`comment_reply_reads`) announce `u:<user id>`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_comment_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform pg_notify('stockpulse_comments', a::text) from (select distinct article_id as a from new_rows) as t;
      elsif tg_op = 'UPDATE' then
        perform pg_notify('stockpulse_comments', a::text)
          from (select article_id as a from new_rows union select article_id from old_rows) as t;
      else
        perform pg_notify('stockpulse_comments', a::text) from (select distinct article_id as a from old_rows) as t;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger comments_notify_insert after insert on comments
    referencing new table as new_rows
    for each statement execute function notify_comment_change()`.execute(db);
  await sql`
    create trigger comments_notify_update after update on comments
    referencing old table as old_rows new table as new_rows
    for each statement execute function notify_comment_change()`.execute(db);
  await sql`
    create trigger comments_notify_delete after delete on comments
    referencing old table as old_rows
    for each statement execute function notify_comment_change()`.execute(db);
  await sql`
    create function notify_comment_reads_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('stockpulse_comments', 'u:' || coalesce(new.user_id, old.user_id)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger comment_reply_reads_notify after insert or update or delete on comment_reply_reads
    for each row execute function notify_comment_reads_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger comment_reply_reads_notify on comment_reply_reads`.execute(db);
  await sql`drop trigger comments_notify_delete on comments`.execute(db);
  await sql`drop trigger comments_notify_update on comments`.execute(db);
  await sql`drop trigger comments_notify_insert on comments`.execute(db);
  await sql`drop function notify_comment_reads_change()`.execute(db);
  await sql`drop function notify_comment_change()`.execute(db);
}
