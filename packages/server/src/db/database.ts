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

export type DatabaseOptions = {
  url: string;
  maxConnections?: number;
  applicationName?: string;
  /** Server-side limit on one statement, in ms (0: none): a runaway query is cancelled (57014). */
  statementTimeoutMs?: number;
  /**
   * Client-side limit on waiting for a query's answer, in ms (0: none). It covers what the
   * statement timeout cannot: a frozen or unreachable server, which cancels nothing.
   */
  queryTimeoutMs?: number;
  /** Limit on opening a connection and on waiting for a free pooled one, in ms. */
  connectionTimeoutMs?: number;
  /**
   * Every transaction read-only (`default_transaction_read_only`): the read pool of
   * DATABASE_READ_URL refuses writes even when it points at the primary, as a replica would.
   */
  readOnly?: boolean;
};

/**
 * Our requests and job batches run statements of milliseconds, so 2 s is a runaway statement (or
 * one stuck behind a lock); the server's cancel comes first and leaves the connection usable.
 * The client gives up at 2.5 s when even the cancel has not come (a frozen server), and waits at
 * most 2.5 s for a connection: a request that needs the database answers 503 within 3 s whatever
 * the database does. Long maintenance (migrations, bulk loads) opens its own database with the
 * limits at 0.
 */
export const DATABASE_TIMEOUTS = {
  statementTimeoutMs: 2_000,
  queryTimeoutMs: 2_500,
  connectionTimeoutMs: 2_500,
} as const;

/** How every connection of a pool is opened; the health check opens one the same way. */
function connectionConfig({
  url,
  applicationName = 'stockpulse',
  statementTimeoutMs = DATABASE_TIMEOUTS.statementTimeoutMs,
  queryTimeoutMs = DATABASE_TIMEOUTS.queryTimeoutMs,
  connectionTimeoutMs = DATABASE_TIMEOUTS.connectionTimeoutMs,
  readOnly = false,
}: DatabaseOptions) {
  return {
    connectionString: url,
    application_name: applicationName,
    // In a pool this bounds both a new connection and the wait for a free client.
    connectionTimeoutMillis: connectionTimeoutMs,
    query_timeout: queryTimeoutMs,
    types: typeOverrides(),
    // Short OLTP queries: JIT compilation (hundreds of ms) is never worth it for them, and the
    // planner's estimates on trigram and array predicates can cross jit_above_cost.
    options: `-c jit=off -c statement_timeout=${statementTimeoutMs}${readOnly ? ' -c default_transaction_read_only=on' : ''}`,
  } satisfies pg.ClientConfig;
}

const connectionConfigs = new WeakMap<pg.Pool, pg.ClientConfig>();

export function createPool(options: DatabaseOptions) {
  const config = connectionConfig(options);
  const pool = new pg.Pool({
    ...config,
    max: options.maxConnections ?? 10,
    idleTimeoutMillis: 30_000,
  });
  connectionConfigs.set(pool, config);
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  pool.on('connect', closeOnQueryTimeout);
  return pool;
}

/**
 * pg's query_timeout rejects the query but keeps the connection waiting for the lost answer, and
 * the pool would hand it out again: every later query on it would queue behind that answer.
 * Ending the client closes its socket (it still has a query in flight) and makes the pool drop it
 * on release instead of reusing it, so the next request gets a fresh connection.
 */
function closeOnQueryTimeout(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const guarded = (...args: unknown[]) => {
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (error instanceof Error && error.message === 'Query read timeout') void client.end();
      throw error;
    });
  };
  client.query = guarded as typeof client.query;
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

const NEW_CONNECTION_CHECK_TIMEOUT_MS = 2_000;

/**
 * Whether the database serves us: a query through the pool, and a new connection (a pool's open
 * connections keep working through a smart shutdown or `allow_connections = false`, while every
 * new one is refused). Concurrent calls share the new connection in flight; a call that starts
 * after it finished opens its own, so the first check after a shutdown began already fails.
 * Built once per database by the composition root.
 */
export function createDatabaseHealth(db: Database) {
  let inFlight: Promise<void> | undefined;
  return {
    async check(): Promise<void> {
      await sql`select 1`.execute(db);
      const pool = pools.get(db);
      const config = pool && connectionConfigs.get(pool);
      if (!config) return;
      if (inFlight) return inFlight;
      const attempt = checkNewConnection(config).finally(() => {
        if (inFlight === attempt) inFlight = undefined;
      });
      inFlight = attempt;
      return attempt;
    },
  };
}

export type DatabaseHealth = ReturnType<typeof createDatabaseHealth>;

/** Opens a connection with the pool's settings, runs `select 1` and closes it. */
async function checkNewConnection(config: pg.ClientConfig): Promise<void> {
  const client = new pg.Client({
    ...config,
    connectionTimeoutMillis: NEW_CONNECTION_CHECK_TIMEOUT_MS,
    query_timeout: NEW_CONNECTION_CHECK_TIMEOUT_MS,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    // Closing needs no wait: the answer is known.
    client.end().catch(() => undefined);
  }
}
