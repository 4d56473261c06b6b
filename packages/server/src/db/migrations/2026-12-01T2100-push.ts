import { sql, type Kysely } from 'kysely';

/**
 * Browser push: each subscribed browser of a user (unique by its push endpoint, which the push
 * service made for that browser alone), the server's VAPID key pair when the environment gives
 * none (made once, on first start), and `push` as a channel of the deliveries outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table push_subscriptions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      endpoint text not null unique check (length(endpoint) between 9 and 1000),
      p256dh text not null check (length(p256dh) between 80 and 100),
      auth text not null check (length(auth) between 20 and 30),
      user_agent text check (length(user_agent) <= 300),
      created_at timestamptz not null,
      last_sent_at timestamptz
    )`.execute(db);
  await sql`create index push_subscriptions_user on push_subscriptions (user_id, created_at)`.execute(
    db,
  );
  await sql`
    create table push_vapid_keys (
      id smallint primary key default 1 check (id = 1),
      public_key text not null,
      private_key text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`alter table deliveries drop constraint deliveries_channel_check`.execute(db);
  // The whole list: the alert rules' migration (2000) runs first and adds in-app rows.
  await sql`alter table deliveries add constraint deliveries_channel_check
    check (channel in ('email', 'telegram', 'in_app', 'push'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Push stays a channel of the alert rules (2000), whose own down migration narrows the list.
  await sql`delete from deliveries where channel = 'push' and kind <> 'rule'`.execute(db);
  await sql`drop table push_vapid_keys`.execute(db);
  await sql`drop table push_subscriptions`.execute(db);
}
