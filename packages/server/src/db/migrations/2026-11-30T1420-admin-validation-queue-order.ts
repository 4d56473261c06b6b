import { sql, type Kysely } from 'kysely';

/**
 * The admin panel's approval queue: its pages are read oldest first with the id breaking
 * ties (the kept page answers compare their rows' versions in that order). The partial index on
 * `created_at` alone left a sort of each page's first rows (`Incremental Sort`); this one holds
 * the page's whole order, and replaces it (the queue's count reads it index-only as before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists users_validation_queue on users (created_at, id)
    where validation_status = 'pending'`.execute(db);
  await sql`drop index if exists users_validation_pending`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists users_validation_pending on users (created_at)
    where validation_status = 'pending'`.execute(db);
  await sql`drop index if exists users_validation_queue`.execute(db);
}
