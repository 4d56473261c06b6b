import { sql, type Kysely } from 'kysely';

/**
 * The public site: newsletter subscribers (double opt-in, tokens hashed at rest), the
 * one-click unsubscribe tokens every newsletter mail carries, contact messages with their
 * read mark, and the blog's weekly market recaps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table newsletter_subscribers (
      id uuid primary key default gen_random_uuid(),
      email text not null unique check (email = lower(email) and length(email) between 3 and 254),
      status text not null default 'pending'
        check (status in ('pending', 'confirmed', 'unsubscribed')),
      confirm_token_hash bytea unique,
      confirm_expires_at timestamptz,
      created_at timestamptz not null,
      confirmed_at timestamptz,
      unsubscribed_at timestamptz
    )`.execute(db);
  await sql`create index newsletter_subscribers_status on newsletter_subscribers (status, created_at)`.execute(
    db,
  );

  // One token per mail sent: any of them unsubscribes its address in one click.
  await sql`
    create table newsletter_unsubscribe_tokens (
      token_hash bytea primary key,
      subscriber_id uuid not null references newsletter_subscribers (id) on delete cascade,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index newsletter_unsubscribe_tokens_subscriber on newsletter_unsubscribe_tokens (subscriber_id)`.execute(
    db,
  );

  await sql`
    create table contact_messages (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      email text not null,
      subject text not null,
      message text not null,
      ip text,
      created_at timestamptz not null,
      read_at timestamptz
    )`.execute(db);
  await sql`create index contact_messages_created on contact_messages (created_at desc)`.execute(
    db,
  );

  await sql`
    create table blog_posts (
      slug text primary key,
      title text not null,
      excerpt text not null,
      body text not null,
      citations text[] not null default '{}',
      week_start date not null unique,
      week_end date not null,
      published_at timestamptz not null
    )`.execute(db);
  await sql`create index blog_posts_published on blog_posts (published_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table blog_posts`.execute(db);
  await sql`drop table contact_messages`.execute(db);
  await sql`drop table newsletter_unsubscribe_tokens`.execute(db);
  await sql`drop table newsletter_subscribers`.execute(db);
}
