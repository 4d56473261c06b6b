import { sql, type Kysely } from 'kysely';

/**
 * Plans, payments and the referral programme: the subscription's period on the user,
 * every payment event received (once), our own checkout and portal sessions (offline provider),
 * cancellation feedback and the append-only referral ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column current_period_end timestamptz,
      add column cancel_at_period_end boolean not null default false,
      add column payment_customer_id text unique,
      add column payment_subscription_id text,
      add column subscription_event_at timestamptz`.execute(db);

  // Each provider event once: a replay finds its id and does nothing.
  await sql`
    create table billing_events (
      id text primary key,
      type text not null,
      created timestamptz not null,
      payload jsonb not null,
      received_at timestamptz not null,
      processed_at timestamptz,
      error text
    )`.execute(db);
  await sql`create index billing_events_received on billing_events (received_at desc)`.execute(db);

  // The offline provider's checkout and portal sessions (their ids are the bearer of the page).
  await sql`
    create table billing_sessions (
      id text primary key,
      kind text not null check (kind in ('checkout', 'portal')),
      user_id uuid not null references users (id) on delete cascade,
      plan text not null default '',
      trial_days integer not null default 0,
      success_url text not null default '',
      cancel_url text not null default '',
      created_at timestamptz not null,
      expires_at timestamptz not null,
      completed_at timestamptz
    )`.execute(db);

  await sql`
    create table cancel_feedback (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      reason text not null,
      text text not null default '',
      created_at timestamptz not null
    )`.execute(db);

  // Append-only: an entry is never updated or deleted; a refund appends a reversal.
  await sql`
    create table referral_ledger (
      id uuid primary key default gen_random_uuid(),
      seq bigint generated always as identity,
      referrer_id uuid not null references users (id) on delete cascade,
      referred_id uuid references users (id) on delete set null,
      kind text not null check (kind in ('free_month', 'commission', 'bonus', 'reversal')),
      amount_cents integer not null,
      description text not null,
      source text not null,
      created_at timestamptz not null,
      unique (referrer_id, kind, source)
    )`.execute(db);
  await sql`create index referral_ledger_referred on referral_ledger (referred_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table referral_ledger`.execute(db);
  await sql`drop table cancel_feedback`.execute(db);
  await sql`drop table billing_sessions`.execute(db);
  await sql`drop table billing_events`.execute(db);
  await sql`
    alter table users
      drop column current_period_end,
      drop column cancel_at_period_end,
      drop column payment_customer_id,
      drop column payment_subscription_id,
      drop column subscription_event_at`.execute(db);
}
