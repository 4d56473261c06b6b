import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { createJobQueue } from '../src/jobs/queue.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { spawnTs, type Spawned } from './helpers/processes.ts';
import { waitFor } from './helpers/wait.ts';
import { jobDefinitions } from '../src/jobs/registry.ts';

describe('the server process', () => {
  let database: TestDatabase;
  const started: Spawned[] = [];
  const start = (role: string, env: Record<string, string>) => {
    const spawned = spawnTs('src/main.ts', [`--role=${role}`], {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      ...env,
    });
    started.push(spawned);
    return spawned;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await database.drop();
  });

  it('stops at start-up with one line naming a bad variable', async () => {
    const bad = start('all', { PORT: 'not-a-port' });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toBe(
      "Invalid configuration: PORT: Invalid input: expected number, received NaN (got 'not-a-port')",
    );
  });

  it(
    'runs the API and the worker as separate processes against one database',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const api = start('api', { PORT: String(port) });
      const worker = start('worker', { PORT: String(await freePort()) });
      await api.waitForLine(/StockPulse is ready/);
      await worker.waitForLine(/StockPulse worker is ready/);

      const health = await fetch(`http://localhost:${port}/api/health`);
      expect(health.status).toBe(200);

      // A job sent from elsewhere is run by the worker process.
      await database.db
        .insertInto('cache_entries')
        .values({ key: 'stale', value: '{}', expires_at: sql<Date>`now() - interval '1 day'` })
        .execute();
      const sender = await createJobQueue({
        url: database.url,
        log: pino({ level: 'silent' }),
        worker: false,
        definitions: jobDefinitions,
      });
      await sender.enqueue('maintenance.purge-expired', {});
      await sender.stop(1_000);
      await waitFor(async () => {
        const rows = await database.db.selectFrom('cache_entries').select('key').execute();
        return rows.length === 0;
      }, 15_000);
      // The worker logs after its delete committed: wait for the line rather than race it.
      await worker.waitForLine(/purged expired rows/);
      expect(api.output()).not.toContain('purged expired rows');

      api.child.kill('SIGTERM');
      worker.child.kill('SIGINT');
      expect(await api.exited).toBe(0);
      expect(await worker.exited).toBe(0);
      expect(api.output()).toContain('"msg":"stopped"');
    },
  );
});
