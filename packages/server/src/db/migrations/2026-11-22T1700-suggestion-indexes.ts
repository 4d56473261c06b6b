import { sql, type Kysely } from 'kysely';

/** Company-name prefix search for suggestions (a btree range scan on the upper-cased name). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index companies_name_upper on companies (upper(company_name) text_pattern_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index companies_name_upper`.execute(db);
}
