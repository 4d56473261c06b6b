import { sql, type Kysely } from 'kysely';

/** Word-prefix search of company names for suggestions (`'energy':*`), one GIN lookup. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index companies_name_words on companies using gin (to_tsvector('simple', company_name))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index companies_name_words`.execute(db);
}
