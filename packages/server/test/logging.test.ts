import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { loggerOptions, redactUrl } from '../src/http/logger.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { systemClock } from '../src/clock.ts';
import { jobDefinitions } from '../src/jobs/registry.ts';

describe('request logs', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  let database: TestDatabase;
  let jobs: JobQueue;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const log = pino(loggerOptions('info'), sink);
    jobs = await createJobQueue({
      url: database.url,
      log,
      worker: false,
      definitions: jobDefinitions,
    });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      db: database.db,
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

  it('never contain tokens from the key parameter, the Authorization header or cookies', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/health?key=SECRET-TOKEN-1',
      headers: { authorization: 'Bearer SECRET-TOKEN-2', cookie: 'session=SECRET-TOKEN-3' },
    });
    const text = lines.join('');
    expect(text).toContain('/api/health?key=[Redacted]');
    expect(text).not.toMatch(/SECRET-TOKEN/);
  });

  it('redacts secrets in any position of a query string', () => {
    expect(redactUrl('/x?a=1&key=abc&token=def#h')).toBe(
      '/x?a=1&key=[Redacted]&token=[Redacted]#h',
    );
    expect(redactUrl('/x?monkey=1')).toBe('/x?monkey=1');
  });
});
