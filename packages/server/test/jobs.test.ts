import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../src/jobs/define-job.ts';
import { createJobQueue, type AnyJobDefinition, type JobQueue } from '../src/jobs/queue.ts';
import { jobDefinitions } from '../src/jobs/registry.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { waitFor } from './helpers/wait.ts';
import { jobDeps } from './helpers/job-deps.ts';

const log = pino({ level: 'silent' });

describe('the job queue', () => {
  let database: TestDatabase;
  const queues: JobQueue[] = [];
  const open = async (definitions: readonly AnyJobDefinition[] = jobDefinitions, worker = true) => {
    const queue = await createJobQueue({ url: database.url, log, worker, definitions });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop(1_000);
    await database.drop();
  });

  it('rejects a payload that does not match the job schema before storing it', async () => {
    const queue = await open(undefined, false);
    await expect(
      queue.enqueue('maintenance.purge-expired', { batchSize: -1 }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('Invalid payload'),
    });
  });

  it('purges expired cache rows and keeps fresh ones (the scheduled clean-up job)', async () => {
    const { db } = database;
    await db
      .insertInto('cache_entries')
      .values([
        {
          key: 'old-1',
          value: JSON.stringify({ a: 1 }),
          expires_at: sql<Date>`now() - interval '1 hour'`,
        },
        {
          key: 'old-2',
          value: JSON.stringify({ a: 2 }),
          expires_at: sql<Date>`now() - interval '1 minute'`,
        },
        {
          key: 'fresh',
          value: JSON.stringify({ a: 3 }),
          expires_at: sql<Date>`now() + interval '1 hour'`,
        },
      ])
      .execute();
    const queue = await open();
    await queue.startWorker({ services: jobDeps(db).services, log });
    await queue.enqueue('maintenance.purge-expired', { batchSize: 1 });
    await waitFor(async () => {
      const rows = await db.selectFrom('cache_entries').select('key').execute();
      return rows.length === 1 && rows[0]?.key === 'fresh';
    });
  });

  it('registers the cron schedule of every scheduled job when a worker starts', async () => {
    const [queue] = queues.slice(-1);
    const schedules = await queue!.boss.getSchedules();
    const scheduled = jobDefinitions.filter((d) => d.schedule !== undefined);
    expect(scheduled.length).toBeGreaterThan(0);
    for (const definition of scheduled) {
      expect(schedules).toContainEqual(
        expect.objectContaining({ name: definition.name, cron: definition.schedule?.cron }),
      );
    }
  });

  it('retries a failing job until it succeeds', async () => {
    let attempts = 0;
    const flaky = defineJob({
      name: 'test.flaky',
      payload: z.object({ failTimes: z.number() }),
      retry: { retryLimit: 3, retryDelaySeconds: 1, backoff: false, expireInSeconds: 30 },
      handler: async ({ failTimes }) => {
        attempts += 1;
        if (attempts <= failTimes) throw new Error(`attempt ${attempts} fails`);
        await Promise.resolve();
      },
    });
    const queue = await open([flaky]);
    await queue.startWorker({ services: jobDeps(database.db).services, log });
    const id = await queue.boss.send('test.flaky', { failTimes: 2 });
    await waitFor(async () => {
      const [job] = await queue.boss.findJobs('test.flaky', { id: id! });
      return job?.state === 'completed';
    }, 20_000);
    expect(attempts).toBe(3);
  });

  it('runs higher-priority jobs first', async () => {
    const order: string[] = [];
    const ordered = defineJob({
      name: 'test.ordered',
      payload: z.object({ label: z.string() }),
      retry: { retryLimit: 0, retryDelaySeconds: 0, backoff: false, expireInSeconds: 30 },
      handler: async ({ label }) => {
        order.push(label);
        await Promise.resolve();
      },
    });
    const sender = await open([ordered], false);
    await sender.enqueue('test.ordered' as never, { label: 'low' } as never, { priority: 0 });
    await sender.enqueue('test.ordered' as never, { label: 'high' } as never, { priority: 10 });
    const worker = await open([ordered]);
    await worker.startWorker({ services: jobDeps(database.db).services, log });
    await waitFor(() => Promise.resolve(order.length === 2));
    expect(order).toEqual(['high', 'low']);
  });
  it('stores one queued job per name and key across processes, and another once it has run', async () => {
    const keyed = defineJob({
      name: 'test.keyed',
      payload: z.object({}),
      retry: { retryLimit: 0, retryDelaySeconds: 0, backoff: false, expireInSeconds: 30 },
      handler: () => Promise.resolve(),
    });
    // Two processes starting at once (the startup jobs of two workers).
    const [a, b] = [await open([keyed], false), await open([keyed], false)];
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? a : b).enqueue('test.keyed' as never, {} as never, { singletonKey: 'startup' }),
      ),
    );
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    const other = await a.enqueue('test.keyed' as never, {} as never, { singletonKey: 'AAPL' });
    expect(other).not.toBeNull();
    // Unkeyed sends are never merged.
    await a.enqueue('test.keyed' as never, {} as never);
    await b.enqueue('test.keyed' as never, {} as never);
    const queued = await a.boss.findJobs('test.keyed', { queued: true });
    expect(queued.map((job) => job.singletonKey ?? null).sort()).toEqual(
      ['AAPL', 'startup', null, null].sort(),
    );
    // Once the queued one has run, the key takes a new job.
    const worker = await open([keyed]);
    await worker.startWorker({ services: jobDeps(database.db).services, log });
    await waitFor(async () => (await a.boss.findJobs('test.keyed', { queued: true })).length === 0);
    expect(
      await b.enqueue('test.keyed' as never, {} as never, { singletonKey: 'startup' }),
    ).not.toBeNull();
  });
});
