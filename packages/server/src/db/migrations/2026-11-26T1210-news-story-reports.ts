import { sql, type Kysely } from 'kysely';

/**
 * One card per story, cheaply: a story's first article counts its other reports, so
 * the feeds look a story's reports up only for the few articles that have any (an article's JSON
 * answers `also_reported_by: []` from this column alone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news add column story_reports integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news drop column story_reports`.execute(db);
}
