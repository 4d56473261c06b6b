import { sql, type Kysely } from 'kysely';

/**
 * The alerts bell: the in-app list of a user's instant alerts (the e-mail row the
 * fan-out writes for every alert of a user, newest first, read from its own partial index) and
 * how far the user has seen it (one watermark per user, not a flag per row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists deliveries_user_alerts on deliveries (user_id, created_at desc, id desc)
    where kind = 'instant' and channel = 'email'`.execute(db);
  await sql`
    create table if not exists alert_reads (
      user_id uuid primary key references users (id) on delete cascade,
      seen_until timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists alert_reads`.execute(db);
  await sql`drop index if exists deliveries_user_alerts`.execute(db);
}
