import { sql, type Kysely } from 'kysely';

/**
 * The admin's user search (`/user/admin/get/ALL?q=`, a substring of the username, the
 * e-mail or the name, any case) reads trigram indexes of the three expressions it matches
 * (a bitmap OR of them) instead of scanning every user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index if not exists users_search_username on users
    using gin (lower(username) gin_trgm_ops)`.execute(db);
  await sql`create index if not exists users_search_email on users
    using gin (lower(email) gin_trgm_ops)`.execute(db);
  await sql`create index if not exists users_search_name on users
    using gin (lower(first_name || ' ' || last_name) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['users_search_name', 'users_search_email', 'users_search_username']) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
}
