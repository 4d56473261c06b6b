import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { readTestDatabaseUrl } from '../src/config.ts';
import { createDatabase, withDatabaseName } from '../src/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { TEMPLATE_DATABASE } from './helpers/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test server's maintenance database; each test file clones the template. */
    testServerUrl: string;
  }
}

/** One PostgreSQL per test run (embedded, or TEST_DATABASE_URL) with a migrated template database. */
export default async function setup(project: TestProject) {
  let server: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  let serverUrl = readTestDatabaseUrl();
  if (!serverUrl) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-test-pg-'));
    server = await startEmbeddedPostgres({ dir, port: 0, log: () => undefined, ephemeral: true });
    serverUrl = server.url;
  }
  const admin = new pg.Client({ connectionString: withDatabaseName(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();

  const templateUrl = withDatabaseName(serverUrl, TEMPLATE_DATABASE);
  const db = createDatabase({ url: templateUrl });
  await migrateToLatest(db);
  await db.destroy();
  await installJobQueueSchema(templateUrl);

  project.provide('testServerUrl', withDatabaseName(serverUrl, 'postgres'));

  return async () => {
    await server?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  };
}

/** The queue library creates its schema on first start: do it once in the template. */
async function installJobQueueSchema(url: string) {
  const { PgBoss } = await import('pg-boss');
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
