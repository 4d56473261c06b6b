import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { poolOf } from '../src/db/database.ts';
import { openDatabase, type OpenDatabase } from '../src/db/open-database.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import { jobDefinitions } from '../src/jobs/registry.ts';
import { ensureDemoCompanies } from '../src/modules/companies/demo-companies.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { bearer, registerUser } from './helpers/factories.ts';

/*
 * DATABASE_READ_URL. Here it names the same database as DATABASE_URL (a second pool);
 * its transactions are read-only, as on a replica, so a write sent to it would fail.
 */
describe('DATABASE_READ_URL', () => {
  const log = pino({ level: 'silent' });
  let database: TestDatabase;
  let opened: OpenDatabase;
  let jobs: JobQueue;

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureDemoCompanies(database.db);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATABASE_READ_URL: database.url,
    });
    opened = await openDatabase(config, log);
    jobs = await createJobQueue({
      url: database.url,
      log,
      worker: false,
      definitions: jobDefinitions,
    });
  });

  afterAll(async () => {
    // Each is unset when the set-up failed before it.
    await (jobs as JobQueue | undefined)?.stop(1_000);
    await (opened as OpenDatabase | undefined)?.close();
    await (database as TestDatabase | undefined)?.drop();
  });

  it('opens a second, read-only pool beside the primary', async () => {
    expect(opened.readDb).not.toBe(opened.db);
    const readOnly = async (db: OpenDatabase['db']) =>
      (
        await sql<{
          on: string;
        }>`select current_setting('default_transaction_read_only') as on`.execute(db)
      ).rows[0]?.on;
    expect(await readOnly(opened.readDb)).toBe('on');
    expect(await readOnly(opened.db)).toBe('off');
    await expect(
      sql`insert into cache_entries (key, value, expires_at) values ('x', '{}', now())`.execute(
        opened.readDb,
      ),
    ).rejects.toMatchObject({ code: '25006' });
  });

  it('serves the recommendations from the read pool and keeps writes on the primary', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const app = await buildApp({
      config,
      db: opened.db,
      readDb: opened.readDb,
      jobs,
      log,
      clock: systemClock,
    });
    await app.ready();
    try {
      let reads = 0;
      poolOf(opened.readDb)!.on('acquire', () => (reads += 1));

      const listed = await app.inject({ method: 'GET', url: '/api/company/recommendations' });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toMatchObject({ status: 'success' });
      expect(reads).toBeGreaterThan(0);

      const before = reads;
      const ann = await registerUser(app);
      const created = await app.inject({
        method: 'POST',
        url: '/api/calendar/events/create',
        headers: bearer(ann.token),
        payload: { title: 'Earnings call', date: '2026-12-01' },
      });
      expect(created.statusCode).toBe(200);
      const listedEvents = await app.inject({
        method: 'GET',
        url: '/api/calendar/events?from=2026-12-01&to=2026-12-01',
        headers: bearer(ann.token),
      });
      // Read your own write: the user's calendar reads the primary.
      expect(listedEvents.json<{ events: { title: string }[] }>().events).toEqual(
        expect.arrayContaining([expect.objectContaining({ title: 'Earnings call' })]),
      );
      expect(reads).toBe(before);
    } finally {
      await app.close();
    }
  });

  it('is the primary itself when unset', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url });
    const single = await openDatabase(config, log);
    try {
      expect(single.readDb).toBe(single.db);
    } finally {
      await single.close();
    }
  });
});
