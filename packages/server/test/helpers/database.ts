import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, withDatabaseName, type Database } from '../../src/db/database.ts';

export const TEMPLATE_DATABASE = 'stockpulse_test_template';

export type TestDatabase = {
  name: string;
  url: string;
  db: Database;
  /** Closes the pool and drops the database. */
  drop: () => Promise<void>;
};

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('testServerUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh database cloned from the migrated template: one per test file, dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `stockpulse_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database ${name} template ${TEMPLATE_DATABASE}`));
  const url = withDatabaseName(inject('testServerUrl'), name);
  const db = createDatabase({ url, maxConnections: 5 });
  return {
    name,
    url,
    db,
    drop: async () => {
      await db.destroy();
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
