import { sql, type Kysely } from 'kysely';

/**
 * Portfolio tracking: a user's named portfolios ('default' first) and their ledger of
 * buy, sell, dividend, fee and split entries. Money and quantities are numeric (exact decimals);
 * `seq` orders the entries of one day in the order they were recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table portfolios (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      name text not null,
      created_at timestamptz not null default now(),
      unique (user_id, name)
    )`.execute(db);
  await sql`
    create table portfolio_transactions (
      id uuid primary key default gen_random_uuid(),
      portfolio_id uuid not null references portfolios (id) on delete cascade,
      seq bigint generated always as identity,
      type text not null check (type in ('buy', 'sell', 'dividend', 'fee', 'split')),
      symbol text not null,
      trade_date date not null,
      quantity numeric not null check (quantity > 0),
      price numeric not null check (price >= 0),
      fees numeric not null default 0 check (fees >= 0),
      currency text not null,
      note text not null default '',
      created_at timestamptz not null
    )`.execute(db);
  // Every read is one portfolio's ledger in date and entry order.
  await sql`create index portfolio_transactions_ledger
    on portfolio_transactions (portfolio_id, trade_date, seq)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table portfolio_transactions`.execute(db);
  await sql`drop table portfolios`.execute(db);
}
