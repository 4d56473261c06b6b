import { pino } from 'pino';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import type { JobDeps } from '../../src/jobs/define-job.ts';
import { createDemoMarketDataProvider } from '../../src/providers/market-data/demo/demo-market-data-provider.ts';

/**
 * What a job handler gets from the worker, on a test database: the test configuration with
 * `env` on top, a silent log, the demo market data, and a queue that records the names of the
 * jobs it is asked to enqueue instead of running them.
 */
export function jobDeps(
  db: Database,
  env: Record<string, string> = {},
): JobDeps & { enqueued: string[] } {
  const enqueued: string[] = [];
  return {
    db,
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    log: pino({ level: 'silent' }),
    marketData: createDemoMarketDataProvider(),
    jobs: {
      enqueue: (name) => {
        enqueued.push(name);
        return Promise.resolve(null);
      },
    },
    enqueued,
  };
}
