import { sql, type Kysely } from 'kysely';

/**
 * Portfolio snapshot cache: every write to a portfolio's ledger bumps its
 * `ledger_version` in the same transaction, so any process can tell from the portfolio's row
 * whether a ledger it keeps in memory is still the stored one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table portfolios add column ledger_version bigint not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table portfolios drop column ledger_version`.execute(db);
}
