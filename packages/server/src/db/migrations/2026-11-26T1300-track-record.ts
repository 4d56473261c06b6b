import { sql, type Kysely } from 'kysely';

/**
 * The analyst's track record: each run of the `track-record.compute` job stores its
 * whole result as one row (the API serves the newest), with the inputs it was computed from, so
 * a start can tell whether the stored record is stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table track_records (
      id bigint generated always as identity primary key,
      computed_at timestamptz not null,
      as_of date,
      inputs text not null,
      calls integer not null,
      duration_ms integer not null,
      result jsonb not null
    )`.execute(db);
  await sql`create index track_records_latest on track_records (computed_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table track_records`.execute(db);
}
