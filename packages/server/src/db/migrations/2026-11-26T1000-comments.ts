import { sql, type Kysely } from 'kysely';

/**
 * Comments, replies and reports. One table holds all three, as spec §3 describes a
 * Comment with `is_report`: a comment of an article (`parent_comment_id` null), a reply (the
 * comment it answers), or a report of the article or of a comment (`is_report`, the reason as
 * content). Counters are kept in the same transaction as every write, so a feed's `no_comments`
 * and a thread's `total` are one indexed lookup, never a count over 100,000 rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table comments (
      id uuid primary key default gen_random_uuid(),
      -- Insertion order: the tie-break of comments written in the same instant.
      seq bigint generated always as identity,
      article_id uuid not null references news (id) on delete cascade,
      parent_comment_id uuid references comments (id) on delete cascade,
      -- null once the author's account is removed (the comment stays, as '[deleted]').
      user_id uuid references users (id) on delete set null,
      content text not null check (length(content) <= 4000),
      -- md5 of the normalised content: the repeated-comment rule's index.
      content_hash text not null,
      is_report boolean not null default false,
      -- 'open' → 'dismissed' (an admin found nothing) or 'resolved' (the target was hidden or deleted).
      report_state text check (report_state in ('open', 'dismissed', 'resolved')),
      is_hidden boolean not null default false,
      -- Who hid it: 'admin' or 'reports' (dismissing the reports shows it again).
      hidden_by text check (hidden_by in ('admin', 'reports')),
      is_deleted boolean not null default false,
      -- Replies directly under it that exist (deleted and hidden placeholders included).
      no_replies integer not null default 0 check (no_replies >= 0),
      created_at timestamptz not null,
      updated_at timestamptz,
      check (is_report = (report_state is not null))
    )`.execute(db);
  // A thread level in order, the page cut from the index alone (an index-only scan, even 99,950
  // entries deep). Two indexes because PostgreSQL orders by an index's later columns only after
  // equality conditions, and `parent_comment_id is null` is not one: the article's top level…
  await sql`create index comments_top_level on comments (article_id, created_at, seq) include (id)
    where parent_comment_id is null and not is_report`.execute(db);
  // …and a comment's replies (also the unread replies' join).
  await sql`create index comments_replies on comments (parent_comment_id, created_at, seq)
    include (id) where parent_comment_id is not null and not is_report`.execute(db);
  // A user's own comments (unread replies, repeated-comment rule).
  await sql`create index comments_user on comments (user_id, content_hash, created_at)
    where not is_report`.execute(db);
  // One report per user and target; the admin queue reads the open ones.
  await sql`create unique index comments_one_report on comments
    (user_id, article_id, coalesce(parent_comment_id, '00000000-0000-0000-0000-000000000000'))
    where is_report`.execute(db);
  // The reports of one article or comment (auto-hide count, dismiss, resolve).
  await sql`create index comments_reports_target on comments (article_id, parent_comment_id)
    where is_report`.execute(db);
  await sql`create index comments_open_reports on comments (created_at)
    where is_report and report_state = 'open'`.execute(db);

  await sql`
    create table comment_counts (
      article_id uuid primary key references news (id) on delete cascade,
      -- Comments and replies a reader sees as comments: neither reports, hidden nor deleted.
      visible integer not null default 0 check (visible >= 0),
      -- Top-level comments that exist (placeholders included): the top level's 'total'.
      top_level integer not null default 0 check (top_level >= 0)
    )`.execute(db);

  // When a user last opened their replies (the user menu's unread count starts after it).
  await sql`
    create table comment_reply_reads (
      user_id uuid primary key references users (id) on delete cascade,
      seen_at timestamptz not null
    )`.execute(db);

  await sql`alter table users add column my_email_replies boolean not null default false`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column my_email_replies`.execute(db);
  await sql`drop table comment_reply_reads`.execute(db);
  await sql`drop table comment_counts`.execute(db);
  await sql`drop table comments`.execute(db);
}
