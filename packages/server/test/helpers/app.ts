import type { Agent } from 'node:https';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { createDatabase, type Database } from '../../src/db/database.ts';
import { createJobQueue, type AnyJobDefinition, type JobQueue } from '../../src/jobs/queue.ts';
import { createServices, type Services } from '../../src/modules/create-services.ts';
import { ensureDemoCompanies } from '../../src/modules/companies/demo-companies.ts';
import type { MarketDataProvider } from '../../src/providers/market-data/market-data-provider.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { systemClock, type Clock } from '../../src/clock.ts';
import { jobDefinitions } from '../../src/jobs/registry.ts';
import { loggerOptions } from '../../src/http/logger.ts';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  jobs: JobQueue;
  config: AppConfig;
  /** The app's services (their caches' state, for tests that wait for a listener). */
  services: Services;
  close: () => Promise<void>;
};

/** The real app on its own fresh database, with the offline providers; inject() requests into it. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    /** Settings the test environment cannot reach through env (NODE_ENV=test is never public). */
    config?: Partial<AppConfig>;
    worker?: boolean;
    demoCompanies?: boolean;
    marketData?: MarketDataProvider;
    /** Business time; the machine's clock unless a test pins it. */
    clock?: Clock;
    /** Defaults to a silent log; `capturedLog()` keeps the lines. */
    log?: FastifyBaseLogger;
    /** The TLS agent push notifications go out through (one that trusts a local push service). */
    pushAgent?: Agent;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.demoCompanies) await ensureDemoCompanies(database.db);
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env }),
    ...options.config,
  };
  const log = options.log ?? pino({ level: 'silent' });
  const jobs = await createJobQueue({
    url: database.url,
    log,
    worker: options.worker ?? false,
    definitions: jobDefinitions,
  });
  const deps = {
    config,
    db: database.db,
    jobs,
    log,
    clock: options.clock ?? systemClock,
    ...(options.marketData && { marketData: options.marketData }),
    ...(options.pushAgent && { pushAgent: options.pushAgent }),
  };
  const services = createServices(deps);
  const app = await buildApp({ ...deps, services });
  await app.ready();
  return {
    app,
    database,
    jobs,
    config,
    services,
    close: async () => {
      await app.close();
      services.close();
      await jobs.stop(1_000);
      await database.drop();
    },
  };
}

/** The product's logger (its redaction included) writing into `lines`, for tests that read the log. */
export function capturedLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { log: pino(loggerOptions('info'), sink), lines };
}

export type SecondApp = {
  app: FastifyInstance;
  db: Database;
  jobs: JobQueue;
  services: Services;
  close: () => Promise<void>;
};

/**
 * A second API process's app on a test app's database, with its own pool, job sender and
 * services (their caches and listeners): for tests of what must hold across processes.
 */
export async function buildSecondApp(
  url: string,
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    definitions?: readonly AnyJobDefinition[];
  } = {},
): Promise<SecondApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const log = pino({ level: 'silent' });
  const clock = options.clock ?? systemClock;
  const db = createDatabase({ url, maxConnections: 5 });
  const jobs = await createJobQueue({
    url,
    log,
    worker: false,
    definitions: options.definitions ?? jobDefinitions,
  });
  const services = createServices({ config, db, jobs, log, clock });
  const app = await buildApp({ config, db, jobs, log, clock, services });
  await app.ready();
  return {
    app,
    db,
    jobs,
    services,
    close: async () => {
      await app.close();
      services.close();
      await jobs.stop(1_000);
      await db.destroy();
    },
  };
}
