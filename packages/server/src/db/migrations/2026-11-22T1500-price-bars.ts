import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('price_bars')
    .addColumn('exchange_ticker', 'text', (c) =>
      c.notNull().references('securities.exchange_ticker').onDelete('cascade'),
    )
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('open', 'numeric', (c) => c.notNull())
    .addColumn('high', 'numeric', (c) => c.notNull())
    .addColumn('low', 'numeric', (c) => c.notNull())
    .addColumn('close', 'numeric', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('price_bars_pkey', ['exchange_ticker', 'day'])
    .execute();
  // Which symbols have their history loaded, and up to which day.
  await db.schema
    .createTable('price_history_status')
    .addColumn('exchange_ticker', 'text', (c) =>
      c.primaryKey().references('securities.exchange_ticker').onDelete('cascade'),
    )
    .addColumn('first_day', 'date', (c) => c.notNull())
    .addColumn('last_day', 'date', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('price_history_status').execute();
  await db.schema.dropTable('price_bars').execute();
}
