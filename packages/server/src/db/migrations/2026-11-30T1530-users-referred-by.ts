import { sql, type Kysely } from 'kysely';

/**
 * The referral page: how many users signed up with a code counted
 * `users.referred_by = $1` over every user (no index: a sequential scan of 50,000 users per call).
 * Most users were referred by no one, so only the rows that name a referrer are indexed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists users_referred_by on users (referred_by)
    where referred_by is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_referred_by`.execute(db);
}
