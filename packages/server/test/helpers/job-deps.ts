import { pino } from 'pino';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import type { JobDeps } from '../../src/jobs/define-job.ts';
import { createDemoMarketDataProvider } from '../../src/providers/market-data/demo/demo-market-data-provider.ts';
import { systemClock, type Clock } from '../../src/clock.ts';

/**
 * What a job handler gets from the worker, on a test database: the test configuration with
 * `env` on top, a silent log, the clock (the machine's unless pinned), the demo market data on
 * that clock, and a queue that records the names of the
 * jobs it is asked to enqueue instead of running them.
 */
export function jobDeps(
  db: Database,
  env: Record<string, string> = {},
  clock: Clock = systemClock,
): JobDeps & { enqueued: string[] } {
  const enqueued: string[] = [];
  return {
    db,
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    log: pino({ level: 'silent' }),
    marketData: createDemoMarketDataProvider({ now: () => clock.now() }),
    clock,
    jobs: {
      enqueue: (name) => {
        enqueued.push(name);
        return Promise.resolve(null);
      },
    },
    enqueued,
  };
}
