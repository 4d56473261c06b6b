import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { MarketDataProvider } from '../providers/market-data/market-data-provider.ts';
import type { JobQueue } from './queue.ts';

/** What a job handler may use. */
export type JobDeps = {
  db: Database;
  config: AppConfig;
  log: FastifyBaseLogger;
  marketData: MarketDataProvider;
  /** Business time: handlers never read the machine's clock. */
  clock: Clock;
  /** Handlers may enqueue follow-up jobs. */
  jobs: Pick<JobQueue, 'enqueue'>;
};

/** What the process gives the worker; the queue adds itself as `jobs`. */
export type WorkerDeps = Omit<JobDeps, 'jobs'>;

export type JobRetryPolicy = {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time when `backoff` is set. */
  retryDelaySeconds: number;
  backoff: boolean;
  /** A running job is failed (and retried) after this long. */
  expireInSeconds: number;
};

export type JobDefinition<Name extends string, Payload extends z.ZodType> = {
  name: Name;
  payload: Payload;
  /** Method syntax on purpose: a registry of definitions with different payloads type-checks. */
  handler(data: z.output<Payload>, deps: JobDeps): Promise<void>;
  retry: JobRetryPolicy;
  /** Default priority of enqueued jobs (higher runs first). */
  priority?: number;
  /** Parallel jobs of this kind per worker process. */
  concurrency?: number;
  /** Recurring run: a cron expression (UTC) and the payload it sends. */
  schedule?: { cron: string; data: z.input<Payload> };
};

/** Declares a job: its name, its payload schema, its handler and how it retries. */
export function defineJob<const Name extends string, Payload extends z.ZodType>(
  definition: JobDefinition<Name, Payload>,
): JobDefinition<Name, Payload> {
  return definition;
}
