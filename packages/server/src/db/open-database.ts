import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import {
  createDatabase,
  ensureDatabaseExists,
  withDatabaseName,
  type Database,
} from './database.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrateToLatest } from './migrate.ts';

export type OpenDatabase = {
  db: Database;
  /**
   * Where read-heavy public reads may go: DATABASE_READ_URL's pool (read-only transactions), or
   * `db` itself when it is unset. Writes and reads of what a request just wrote stay on `db`.
   */
  readDb: Database;
  url: string;
  close: () => Promise<void>;
};

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL in DATA_DIR; then migrates. */
export async function openDatabase(
  config: AppConfig,
  log: FastifyBaseLogger,
): Promise<OpenDatabase> {
  let url = config.databaseUrl;
  let stopServer = () => Promise.resolve();
  if (!url) {
    const server = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPgPort,
      log: (message) => log.info(`embedded PostgreSQL: ${message}`),
    });
    url = withDatabaseName(server.url, 'stockpulse');
    await ensureDatabaseExists(url);
    stopServer = server.stop;
  }
  const db = createDatabase({ url });
  const applied = await migrate(url);
  if (applied.length > 0) log.info({ migrations: applied }, 'applied migrations');
  const readDb = config.databaseReadUrl
    ? createDatabase({
        url: config.databaseReadUrl,
        applicationName: 'stockpulse-read',
        readOnly: true,
      })
    : db;
  return {
    db,
    readDb,
    url,
    close: async () => {
      if (readDb !== db) await readDb.destroy();
      await db.destroy();
      await stopServer();
    },
  };
}

/** Migrations may rewrite large tables: they run on their own connection without time limits. */
async function migrate(url: string): Promise<string[]> {
  const db = createDatabase({ url, maxConnections: 1, statementTimeoutMs: 0, queryTimeoutMs: 0 });
  try {
    return await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}
