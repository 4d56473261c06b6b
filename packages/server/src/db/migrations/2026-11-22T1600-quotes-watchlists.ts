import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The latest quote of a listing plus the change fields derived from its daily bars.
  await db.schema
    .createTable('quote_snapshots')
    .addColumn('exchange_ticker', 'text', (c) =>
      c.primaryKey().references('securities.exchange_ticker').onDelete('cascade'),
    )
    .addColumn('price', 'double precision', (c) => c.notNull())
    .addColumn('previous_close', 'double precision', (c) => c.notNull())
    .addColumn('open', 'double precision', (c) => c.notNull())
    .addColumn('day_low', 'double precision', (c) => c.notNull())
    .addColumn('day_high', 'double precision', (c) => c.notNull())
    .addColumn('change', 'double precision', (c) => c.notNull())
    .addColumn('change_pct', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('as_of', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('close_8', 'double precision')
    .addColumn('close_31', 'double precision')
    .addColumn('close_365', 'double precision')
    .addColumn('change_pct_1', 'double precision')
    .addColumn('change_pct_8', 'double precision')
    .addColumn('change_pct_31', 'double precision')
    .addColumn('change_pct_365', 'double precision')
    .execute();
  // The top-growth tables read the best day and week changes first.
  await sql`create index quote_snapshots_change_1 on quote_snapshots (change_pct_1 desc nulls last)`.execute(
    db,
  );
  await sql`create index quote_snapshots_change_8 on quote_snapshots (change_pct_8 desc nulls last)`.execute(
    db,
  );

  // The ticker query reads listings with their company and latest quote as one relation.
  await sql`
    create view ticker_quotes as
    select q.exchange_ticker, c.company_name, q.currency, q.price, q.change, q.change_pct,
           q.change_pct_1, q.change_pct_8, q.change_pct_31, q.change_pct_365, q.source
    from quote_snapshots q
    join securities s on s.exchange_ticker = q.exchange_ticker
    join companies c on c.id = s.company_id`.execute(db);

  await db.schema
    .createTable('watchlists')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('exchange_tickers', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('watchlists_user_name', ['user_id', 'name'])
    .execute();
  // "Which symbols does anyone watch" for the refresh job.
  await sql`create index watchlists_symbols on watchlists using gin (exchange_tickers)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('watchlists').execute();
  await sql`drop view ticker_quotes`.execute(db);
  await db.schema.dropTable('quote_snapshots').execute();
}
