import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { systemClock, type Clock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import type { JobDeps } from '../../src/jobs/define-job.ts';
import type { JobName } from '../../src/jobs/job-catalog.ts';
import { createServices } from '../../src/modules/create-services.ts';
import { createLinkerCache } from '../../src/modules/news/linker-cache.ts';
import { createNewsRepository } from '../../src/modules/news/news.repository.ts';
import type { AiProvider } from '../../src/providers/ai/ai-provider.ts';
import { createDemoMarketDataProvider } from '../../src/providers/market-data/demo/demo-market-data-provider.ts';
import type { MarketDataProvider } from '../../src/providers/market-data/market-data-provider.ts';

export type JobDepsOptions = {
  /** Business time (the machine's clock unless a test pins it). */
  clock?: Clock;
  /** Defaults to the demo market data on that clock. */
  marketData?: MarketDataProvider;
  ai?: AiProvider;
  /** Defaults to a silent log. */
  log?: FastifyBaseLogger;
  /** Sees every job a handler enqueues (they are recorded, never run). */
  onEnqueue?: (name: JobName, data: unknown) => void;
};

/**
 * What a job handler gets from the worker, on a test database: the services the composition
 * root builds with the test configuration (`env` on top), a silent log, and a queue that records
 * the names of the jobs it is asked to enqueue instead of running them.
 */
export function jobDeps(
  db: Database,
  env: Record<string, string> = {},
  options: JobDepsOptions = {},
): JobDeps & { enqueued: string[] } {
  const enqueued: string[] = [];
  const clock = options.clock ?? systemClock;
  const log = options.log ?? pino({ level: 'silent' });
  const jobs = {
    enqueue: (name: JobName, data: unknown) => {
      enqueued.push(name);
      options.onEnqueue?.(name, data);
      return Promise.resolve(null);
    },
  };
  const services = createServices({
    db,
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    log,
    clock,
    jobs,
    marketData: options.marketData ?? createDemoMarketDataProvider({ now: () => clock.now() }),
    ...(options.ai && { ai: options.ai }),
  });
  return { services, log, jobs, enqueued };
}

/** The news repository and its linker cache on a test database, as the ingest service takes them. */
export function newsStore(db: Database, clock: Clock = systemClock) {
  const repository = createNewsRepository(db);
  return { repository, linkers: createLinkerCache(repository), now: () => clock.now() };
}
