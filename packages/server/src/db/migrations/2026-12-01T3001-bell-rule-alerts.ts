import { sql, type Kysely } from 'kysely';

/**
 * The bell lists the in-app alerts of the user's own rules beside the instant alerts: one
 * partial index of both, newest first, in place of the instant alerts' own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists deliveries_user_bell on deliveries (user_id, created_at desc, id desc)
    where ((kind = 'instant' and channel = 'email') or (kind = 'rule' and channel = 'in_app'))`.execute(
    db,
  );
  await sql`drop index if exists deliveries_user_alerts`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists deliveries_user_alerts on deliveries (user_id, created_at desc, id desc)
    where kind = 'instant' and channel = 'email'`.execute(db);
  await sql`drop index if exists deliveries_user_bell`.execute(db);
}
