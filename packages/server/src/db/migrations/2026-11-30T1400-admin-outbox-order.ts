import { sql, type Kysely } from 'kysely';

/**
 * The admin panel's outbox: its pages are read newest first with the id breaking ties
 * (mails written in the same instant keep one order between calls, which the kept page answers
 * compare), from one index in that order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists outbox_recent on outbox (created_at desc, id desc)`.execute(
    db,
  );
  await sql`drop index if exists outbox_created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists outbox_created_at on outbox (created_at)`.execute(db);
  await sql`drop index if exists outbox_recent`.execute(db);
}
