import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

const NUMERIC_OID = 1700;
const INT8_OID = 20;
const DATE_OID = 1082;

/** numeric and bigint come back as JS numbers (prices, counts), dates as `YYYY-MM-DD`. */
function typeOverrides() {
  const types = new pg.TypeOverrides();
  const toNumber = (value: string) => Number(value);
  types.setTypeParser(NUMERIC_OID, toNumber);
  types.setTypeParser(INT8_OID, toNumber);
  // A calendar day stays the string `YYYY-MM-DD`: no time zone can shift it.
  types.setTypeParser(DATE_OID, (value: string) => value);
  return types;
}

export type DatabaseOptions = { url: string; maxConnections?: number; applicationName?: string };

export function createPool({
  url,
  maxConnections = 10,
  applicationName = 'stockpulse',
}: DatabaseOptions) {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    application_name: applicationName,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types: typeOverrides(),
    // Short OLTP queries: JIT compilation (hundreds of ms) is never worth it for them, and the
    // planner's estimates on trigram and array predicates can cross jit_above_cost.
    options: '-c jit=off',
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return pool;
}

/** The pg pool behind each Database, for the few paths Kysely has no API for (COPY). */
const pools = new WeakMap<Database, pg.Pool>();

export function createDatabase(options: DatabaseOptions): Database {
  const pool = createPool(options);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/** The pool of a Database made by createDatabase (undefined for a transaction or another db). */
export function poolOf(db: Database): pg.Pool | undefined {
  return pools.get(db);
}

/** Creates the database named in `url` when it does not exist yet (embedded and test servers). */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** Replaces the database name of a connection URL. */
export function withDatabaseName(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(name)}`;
  return next.toString();
}

export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}
