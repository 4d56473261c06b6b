import { sql, type Kysely } from 'kysely';

/**
 * The admin's user search: one trigram index of the username, the e-mail and the name
 * together (`admin/admin-pages.repository.ts` matches it, then each field exactly) instead of one
 * per field: one posting-list walk and one estimate to plan instead of three (EXPLAIN ANALYZE at
 * 50,000 users, a surname five share: three bitmap scans 0.29 ms and 0.42 ms of planning).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists users_search on users using gin (
    (lower(username) || ' ' || lower(email) || ' ' || lower(first_name || ' ' || last_name)) gin_trgm_ops)`.execute(
    db,
  );
  for (const index of ['users_search_name', 'users_search_email', 'users_search_username']) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists users_search_username on users
    using gin (lower(username) gin_trgm_ops)`.execute(db);
  await sql`create index if not exists users_search_email on users
    using gin (lower(email) gin_trgm_ops)`.execute(db);
  await sql`create index if not exists users_search_name on users
    using gin (lower(first_name || ' ' || last_name) gin_trgm_ops)`.execute(db);
  await sql`drop index if exists users_search`.execute(db);
}
