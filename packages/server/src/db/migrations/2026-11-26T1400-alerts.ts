import { sql, type Kysely } from 'kysely';

/**
 * Alerts and digests: the delivery outbox (every alert, digest and newsletter issue
 * is a row first, unique per recipient, channel, kind and story or period, then sent by a job),
 * each user's alert settings (time zone, quiet hours, hourly cap) and the one-click unsubscribe
 * tokens of the mails (SHA-256 at rest).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table deliveries (
      id uuid primary key default gen_random_uuid(),
      user_id uuid references users (id) on delete cascade,
      address text,
      channel text not null check (channel in ('email', 'telegram')),
      kind text not null check (kind in ('instant', 'daily', 'weekly', 'insights')),
      key text not null check (length(key) between 1 and 200),
      payload jsonb not null,
      status text not null default 'pending'
        check (status in ('pending', 'sending', 'sent', 'failed', 'skipped')),
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null,
      due_at timestamptz not null,
      claimed_at timestamptz,
      sent_at timestamptz,
      check (user_id is not null or address is not null)
    )`.execute(db);
  // A story (or period) reaches a recipient once per channel and kind, whoever writes it.
  await sql`create unique index deliveries_once on deliveries (coalesce(user_id::text, address), channel, kind, key)`.execute(
    db,
  );
  await sql`create index deliveries_due on deliveries (due_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index deliveries_claimed on deliveries (claimed_at) where status = 'sending'`.execute(
    db,
  );
  await sql`create index deliveries_recent on deliveries (user_id, channel, sent_at) where status = 'sent'`.execute(
    db,
  );
  await sql`create index deliveries_created on deliveries (created_at desc)`.execute(db);

  await sql`
    create table alert_settings (
      user_id uuid primary key references users (id) on delete cascade,
      time_zone text not null default 'UTC',
      quiet_start smallint check (quiet_start between 0 and 23),
      quiet_end smallint check (quiet_end between 0 and 23),
      hourly_cap integer not null default 10 check (hourly_cap between 1 and 1000),
      updated_at timestamptz not null
    )`.execute(db);

  await sql`
    create table alert_unsubscribe_tokens (
      token_hash bytea primary key,
      user_id uuid not null references users (id) on delete cascade,
      kind text not null check (kind in ('instant', 'daily', 'weekly')),
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index alert_unsubscribe_tokens_user on alert_unsubscribe_tokens (user_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table alert_unsubscribe_tokens`.execute(db);
  await sql`drop table alert_settings`.execute(db);
  await sql`drop table deliveries`.execute(db);
}
