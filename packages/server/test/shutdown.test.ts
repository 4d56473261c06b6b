import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { systemClock } from '../src/clock.ts';
import { jobDefinitions } from '../src/jobs/registry.ts';

describe('graceful shutdown', () => {
  let database: TestDatabase;
  let jobs: JobQueue;
  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = await createJobQueue({
      url: database.url,
      log: pino({ level: 'silent' }),
      worker: false,
      definitions: jobDefinitions,
    });
  });
  afterAll(async () => {
    await jobs.stop(1_000);
    await database.drop();
  });

  it('finishes a request in flight before the server closes', async () => {
    const log = pino({ level: 'silent' });
    const app = await buildApp({
      clock: systemClock,
      config: loadConfig({ NODE_ENV: 'test' }),
      db: database.db,
      jobs,
      log,
    });
    let handledAt = 0;
    app.get('/api/slow', { config: { access: 'public' } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      handledAt = Date.now();
      return { status: 'success' };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const inFlight = fetch(`${address}/api/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    let closedAt = 0;
    const closing = app.close().then(() => (closedAt = Date.now()));
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'success' });
    await closing;
    expect(handledAt).toBeGreaterThan(0);
    expect(closedAt).toBeGreaterThanOrEqual(handledAt);
    await expect(fetch(`${address}/api/health`)).rejects.toThrow();
  });
});
