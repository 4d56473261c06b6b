import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/database.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import { jobDefinitions } from '../src/jobs/registry.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

const APPLICATION = 'stockpulse-db-frozen-test';
const UNREACHABLE = { status: 'error', error_msg: 'Unable to connect to the server.' };

describe('when the database stops answering', () => {
  let database: TestDatabase;
  let db: Database;
  let jobs: JobQueue;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    const log = pino({ level: 'silent' });
    jobs = await createJobQueue({
      url: database.url,
      log,
      worker: false,
      definitions: jobDefinitions,
    });
    // One pooled connection, so a stuck connection returned to the pool would serve every request.
    db = createDatabase({
      url: database.url,
      maxConnections: 1,
      applicationName: APPLICATION,
      statementTimeoutMs: 500,
      queryTimeoutMs: 2_000,
      connectionTimeoutMs: 500,
    });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      db,
      jobs,
      log,
      clock: systemClock,
    });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await app.close();
    await db.destroy();
    await jobs.stop(1_000);
    await database.drop();
  });

  // Each call asks a new question (skip), so the route's answer cache never answers it.
  let calls = 0;
  const companyQuery = () =>
    app.inject({ method: 'GET', url: `/api/company/query?limit=1&skip=${(calls += 1)}` });

  /** The PostgreSQL processes serving the app's pool (we are root; PostgreSQL runs as postgres). */
  async function poolBackends(): Promise<number[]> {
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and application_name = $2',
      [database.name, APPLICATION],
    );
    return rows.map((row) => row.pid);
  }

  it('answers 503 while a lock holds the query past its statement timeout, then 200 again', async () => {
    expect((await companyQuery()).statusCode).toBe(200);
    await admin.query('begin');
    try {
      await admin.query('lock table companies in access exclusive mode');
      const blocked = await companyQuery();
      expect(blocked.statusCode).toBe(503);
      expect(blocked.json()).toEqual(UNREACHABLE);
    } finally {
      await admin.query('rollback');
    }
    expect((await companyQuery()).statusCode).toBe(200);
  });

  it('answers 503 while its backend is frozen, and a fresh connection serves the next request', async () => {
    expect((await companyQuery()).statusCode).toBe(200);
    const frozen = await poolBackends();
    expect(frozen).toHaveLength(1);
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    try {
      // The first request waits on the frozen backend; the second waits for the only client.
      const [stuck, waiting] = await Promise.all([companyQuery(), companyQuery()]);
      expect(stuck.statusCode).toBe(503);
      expect(stuck.json()).toEqual(UNREACHABLE);
      expect(waiting.statusCode).toBe(503);
      expect(waiting.json()).toEqual(UNREACHABLE);
      // The timed-out connection was closed, not handed out again: the pool opens a new one.
      expect((await companyQuery()).statusCode).toBe(200);
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    expect((await companyQuery()).statusCode).toBe(200);
  });
});

describe('with the default limits, when the database freezes', () => {
  const DEFAULT_APPLICATION = 'stockpulse-db-frozen-defaults';
  let database: TestDatabase;
  let db: Database;
  let jobs: JobQueue;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    const log = pino({ level: 'silent' });
    jobs = await createJobQueue({
      url: database.url,
      log,
      worker: false,
      definitions: jobDefinitions,
    });
    // The production pool's limits (DATABASE_TIMEOUTS), only its size and name are the test's.
    db = createDatabase({
      url: database.url,
      maxConnections: 4,
      applicationName: DEFAULT_APPLICATION,
    });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', RATE_LIMIT_SCALE: '1000' }),
      db,
      jobs,
      log,
      clock: systemClock,
    });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await app.close();
    await db.destroy();
    await jobs.stop(1_000);
    await database.drop();
  });

  const timed = async (request: InjectOptions) => {
    const started = performance.now();
    const res = await app.inject(request);
    return { res, ms: performance.now() - started };
  };

  it('answers 503 within 3 s on every route that needs it, keeps memory answers, and recovers', async () => {
    const credentials = { email: 'frozen@example.com', password: 'correct horse battery' };
    const created = await app.inject({
      method: 'POST',
      url: '/api/user/create',
      payload: {
        ...credentials,
        username: 'frozen1',
        first_name: 'A',
        last_name: 'B',
        referral: '',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const token = created.json<{ token: string }>().token;
    const requests = {
      health: { method: 'GET' as const, url: '/api/health' },
      login: { method: 'POST' as const, url: '/api/user/login', payload: credentials },
      write: {
        method: 'POST' as const,
        url: '/api/portfolio/create',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'frozen' },
      },
      feed: { method: 'GET' as const, url: '/api/news/query?limit=5&skip=7' },
    };
    // Warm the pool to its size, so every pooled connection is one that freezes.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(db)));
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and application_name = $2',
      [database.name, DEFAULT_APPLICATION],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { pid } of rows) process.kill(pid, 'SIGSTOP');
    const answers: Record<string, { status: number; ms: number }> = {};
    let memory: number | undefined;
    try {
      const results = await Promise.all(
        Object.entries(requests).map(
          async ([name, request]) => [name, await timed(request)] as const,
        ),
      );
      for (const [name, { res, ms }] of results) {
        answers[name] = { status: res.statusCode, ms: Math.round(ms) };
        expect((JSON.parse(res.body) as { error_msg?: string }).error_msg, name).toMatch(/\S/);
      }
      memory = (await timed({ method: 'GET', url: '/api/openapi.json' })).res.statusCode;
    } finally {
      for (const { pid } of rows) process.kill(pid, 'SIGCONT');
    }
    console.info('frozen database answers', JSON.stringify(answers), 'openapi', memory);
    for (const name of Object.keys(requests)) {
      expect(answers[name]?.status, name).toBe(503);
      expect(answers[name]?.ms, name).toBeLessThan(3_000);
    }
    // A route that needs no database answers from memory meanwhile.
    expect(memory).toBe(200);
    // By itself: the stuck connections were closed; the next requests get fresh ones.
    const health = await app.inject(requests.health);
    expect(health.statusCode, health.body).toBe(200);
    expect((await app.inject(requests.login)).statusCode).toBe(200);
  });
});
