import { sql, type Kysely } from 'kysely';

/**
 * Room in each page of `alert_rules` for its rows' new versions: a firing rewrites a rule's
 * `last_fired_at` and `fire_count` only, none of its indexed columns, so with room on the page
 * PostgreSQL updates it in place of the heap (a HOT update) instead of adding an entry to each of
 * its four indexes; a storm fires tens of thousands of rules in one statement. New pages take
 * the setting at once; existing ones as they are rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table alert_rules set (fillfactor = 60)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table alert_rules reset (fillfactor)`.execute(db);
}
