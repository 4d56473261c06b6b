import { sql, type Kysely } from 'kysely';

/**
 * Prompts (spec §3 Prompt/chat task): a user's portfolio prompt, e-mail summary prompt or chat
 * question with the assistant's answer. `status` goes INDEX → PROCESSED, or FAILED with
 * `status_reason`. The AI queue orders waiting prompts by `priority` (the plan, higher first),
 * then `queue_seq` (first come, first served); `started_at` is set while a worker writes the
 * answer. Removed prompts are marked `deleted` (the day's quota still counts them) and purged
 * later by the sweep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence prompts_queue_seq`.execute(db);
  await sql`
    create table prompts (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      title text not null default '',
      prompt text not null,
      type text not null check (type in ('PORTFOLIO', 'email_prompt', 'CHAT')),
      subtype text check (subtype in ('EMAIL_SUMMARY')),
      status text not null default 'INDEX' check (status in ('INDEX', 'PROCESSED', 'FAILED')),
      status_reason text,
      creation_date timestamptz not null,
      system text,
      system_name text,
      ai_summary text,
      raw jsonb not null default '[]',
      article_id uuid references news (id) on delete set null,
      selection text[] not null default '{}',
      use_markdown boolean not null default false,
      citations jsonb not null default '[]',
      provider text,
      prompt_tokens integer,
      completion_tokens integer,
      cost_usd numeric,
      processed_at timestamptz,
      deleted boolean not null default false,
      priority integer not null default 0,
      queue_seq bigint not null default nextval('prompts_queue_seq'),
      queued_at timestamptz not null,
      started_at timestamptz,
      attempts integer not null default 0,
      job_id uuid,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter sequence prompts_queue_seq owned by prompts.queue_seq`.execute(db);
  // The two list queries of spec §7: one user's prompts of some types, newest first.
  await sql`create index prompts_user_type_date on prompts (user_id, type, creation_date desc)
    where not deleted`.execute(db);
  // The chat panel of an article: its questions, newest first.
  await sql`create index prompts_article on prompts (article_id, creation_date desc)
    where article_id is not null and not deleted`.execute(db);
  // The queue: waiting prompts in the order the worker takes them (a position is a count here).
  await sql`create index prompts_queue on prompts (priority desc, queue_seq)
    where status = 'INDEX' and not deleted`.execute(db);
  // The open prompts of one user (the per-user limit) and the sweep of removed prompts.
  await sql`create index prompts_open_by_user on prompts (user_id) where status = 'INDEX'`.execute(
    db,
  );
  await sql`create index prompts_deleted on prompts (updated_at) where deleted`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table prompts`.execute(db);
}
