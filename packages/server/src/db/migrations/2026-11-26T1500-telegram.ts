import { sql, type Kysely } from 'kysely';

/**
 * The Telegram bot and channels: one-time link codes (only their SHA-256 is
 * stored, with an expiry; using one marks it), the channels the product publishes to, and the
 * log of what was posted to them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table telegram_link_codes (
      code_hash bytea primary key,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index telegram_link_codes_user on telegram_link_codes (user_id)`.execute(db);
  // The bot finds the account of a chat on every command.
  await sql`
    create index users_telegram_chat on users (my_telegram_chat_id)
      where my_telegram_chat_id <> ''`.execute(db);

  await sql`
    create table telegram_channels (
      id uuid primary key default gen_random_uuid(),
      chat_id text not null unique,
      title text not null,
      kinds text[] not null default '{}',
      enabled boolean not null default true,
      created_at timestamptz not null
    )`.execute(db);

  await sql`
    create table telegram_channel_posts (
      id bigint generated always as identity primary key,
      channel_id uuid not null references telegram_channels (id) on delete cascade,
      kind text not null check (kind in ('alert', 'brief', 'test')),
      text text not null,
      status text not null check (status in ('sent', 'failed')),
      error text,
      message_id bigint,
      created_at timestamptz not null
    )`.execute(db);
  await sql`
    create index telegram_channel_posts_recent on telegram_channel_posts (created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table telegram_channel_posts`.execute(db);
  await sql`drop table telegram_channels`.execute(db);
  await sql`drop index users_telegram_chat`.execute(db);
  await sql`drop table telegram_link_codes`.execute(db);
}
