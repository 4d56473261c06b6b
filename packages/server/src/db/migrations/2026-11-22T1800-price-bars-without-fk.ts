import { sql, type Kysely } from 'kysely';

/**
 * Daily bars are the one bulk-written table: the per-row foreign-key trigger cost a third of the
 * ingest throughput (bench/market). Bars are only written for listings the price service has
 * checked, and price_history_status (which keeps its foreign key) records what is loaded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table price_bars drop constraint if exists price_bars_exchange_ticker_fkey`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table price_bars add constraint price_bars_exchange_ticker_fkey
    foreign key (exchange_ticker) references securities (exchange_ticker) on delete cascade`.execute(
    db,
  );
}
