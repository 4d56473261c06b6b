import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/database.ts';
import { freePort } from '../src/db/embedded.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { systemClock } from '../src/clock.ts';
import { jobDefinitions } from '../src/jobs/registry.ts';

describe('when the database is down', () => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const log = pino({ level: 'silent' });
    jobs = await createJobQueue({
      url: database.url,
      log,
      worker: false,
      definitions: jobDefinitions,
    });
    // A database handle pointing at a port where nothing listens.
    const unreachable = createDatabase({ url: `postgres://u:p@127.0.0.1:${await freePort()}/x` });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      db: unreachable,
      jobs,
      log,
      clock: systemClock,
    });
  });
  afterAll(async () => {
    await app.close();
    await jobs.stop(1_000);
    await database.drop();
  });

  it("GET /api/health answers 503 'Unable to connect to the server.'", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', error_msg: 'Unable to connect to the server.' });
  });
});
