import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await db.schema
    .createTable('companies')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('safe_name', 'text', (c) => c.notNull().unique())
    .addColumn('exchange_tickers', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('wikipedia', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gics_sector', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gics_sub_industry', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('long_business_summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ai_summary', 'text')
    .addColumn('quote_type', 'text', (c) => c.notNull().defaultTo('EQUITY'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index companies_name_trgm on companies using gin (company_name gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index companies_exchange_tickers on companies using gin (exchange_tickers)`.execute(
    db,
  );
  await db.schema
    .createIndex('companies_sector')
    .on('companies')
    .columns(['gics_sector', 'gics_sub_industry'])
    .execute();

  await db.schema
    .createTable('securities')
    .addColumn('exchange_ticker', 'text', (c) => c.primaryKey())
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('exchange', 'text', (c) => c.notNull())
    .addColumn('company_id', 'uuid', (c) =>
      c.notNull().references('companies.id').onDelete('cascade'),
    )
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('quote_type', 'text', (c) => c.notNull().defaultTo('EQUITY'))
    .execute();
  await sql`create index securities_ticker_upper on securities (upper(ticker) text_pattern_ops)`.execute(
    db,
  );
  await db.schema.createIndex('securities_company').on('securities').column('company_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('securities').execute();
  await db.schema.dropTable('companies').execute();
}
