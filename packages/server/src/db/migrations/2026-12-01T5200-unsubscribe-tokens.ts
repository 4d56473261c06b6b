import { sql, type Kysely } from 'kysely';

/**
 * One table for the one-click unsubscribe tokens of every mail, keyed by the mail's kind. The
 * tokens already sent move over unchanged (a link in an old mail keeps working), then the two
 * tables they came from go. No foreign key on `rule_id`: a rule deleted after its mail went out
 * leaves a token that changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table unsubscribe_tokens (
      token_hash bytea primary key,
      kind text not null check (kind in ('instant', 'daily', 'weekly', 'rule', 'newsletter')),
      user_id uuid references users (id) on delete cascade,
      rule_id uuid,
      subscriber_id uuid references newsletter_subscribers (id) on delete cascade,
      created_at timestamptz not null,
      constraint unsubscribe_tokens_owner check (
        (kind = 'newsletter') = (subscriber_id is not null)
        and (kind = 'newsletter') = (user_id is null)
        and (kind = 'rule') = (rule_id is not null)
      )
    )`.execute(db);
  // Deleting a user or a subscriber deletes their tokens: these keep that from scanning.
  await sql`create index unsubscribe_tokens_user on unsubscribe_tokens (user_id)
    where user_id is not null`.execute(db);
  await sql`create index unsubscribe_tokens_subscriber on unsubscribe_tokens (subscriber_id)
    where subscriber_id is not null`.execute(db);
  await sql`insert into unsubscribe_tokens (token_hash, kind, user_id, rule_id, created_at)
    select token_hash, kind, user_id, rule_id, created_at from alert_unsubscribe_tokens`.execute(
    db,
  );
  await sql`insert into unsubscribe_tokens (token_hash, kind, subscriber_id, created_at)
    select token_hash, 'newsletter', subscriber_id, created_at
    from newsletter_unsubscribe_tokens`.execute(db);
  await sql`drop table alert_unsubscribe_tokens`.execute(db);
  await sql`drop table newsletter_unsubscribe_tokens`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table alert_unsubscribe_tokens (
      token_hash bytea primary key,
      user_id uuid not null references users (id) on delete cascade,
      kind text not null,
      created_at timestamptz not null,
      rule_id uuid,
      constraint alert_unsubscribe_tokens_kind_check
        check (kind in ('instant', 'daily', 'weekly', 'rule') and (kind = 'rule') = (rule_id is not null))
    )`.execute(db);
  await sql`create index alert_unsubscribe_tokens_user on alert_unsubscribe_tokens (user_id)`.execute(
    db,
  );
  await sql`
    create table newsletter_unsubscribe_tokens (
      token_hash bytea primary key,
      subscriber_id uuid not null references newsletter_subscribers (id) on delete cascade,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index newsletter_unsubscribe_tokens_subscriber
    on newsletter_unsubscribe_tokens (subscriber_id)`.execute(db);
  await sql`insert into alert_unsubscribe_tokens (token_hash, user_id, kind, rule_id, created_at)
    select token_hash, user_id, kind, rule_id, created_at from unsubscribe_tokens
    where kind <> 'newsletter'`.execute(db);
  await sql`insert into newsletter_unsubscribe_tokens (token_hash, subscriber_id, created_at)
    select token_hash, subscriber_id, created_at from unsubscribe_tokens
    where kind = 'newsletter'`.execute(db);
  await sql`drop table unsubscribe_tokens`.execute(db);
}
