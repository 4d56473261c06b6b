import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Key-value cache with an expiry; providers keep fetched data here and serve it with its age. */
export type CacheEntryTable = {
  key: string;
  value: unknown;
  fetched_at: Generated<Timestamp>;
  expires_at: Timestamp;
};

/** The tables of our own schema (the job queue keeps its tables in the `pgboss` schema). */
export type DB = {
  cache_entries: CacheEntryTable;
};
