import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../modules/create-services.ts';
import type { JobSender } from './job-catalog.ts';

/** What a job handler may use: the services built once by the composition root. */
export type JobDeps = {
  services: Services;
  log: FastifyBaseLogger;
  /** Handlers may enqueue follow-up jobs. */
  jobs: JobSender;
};

/** What the process gives the worker; the queue adds itself as `jobs` and a child log per job. */
export type WorkerDeps = Pick<JobDeps, 'services' | 'log'>;

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
  /**
   * Parallel jobs of this kind per worker process; a function reads it from the worker's
   * configuration (e.g. `AI_CONCURRENCY`).
   */
  concurrency?: number | ((deps: WorkerDeps) => number);
  /**
   * Wake a worker the moment a job is sent (PostgreSQL NOTIFY) instead of at its next poll: for
   * jobs a person is waiting on (an AI answer).
   */
  wakeOnSend?: boolean;
  /** Recurring run: a cron expression (UTC) and the payload it sends. */
  schedule?: { cron: string; data: z.input<Payload> };
};

/** Any job definition, whatever its payload. */
export type AnyJobDefinition = JobDefinition<string, z.ZodType>;

/**
 * Declares a job: its name, its payload schema (`JOB_PAYLOADS[name]` from the catalog for the
 * product's jobs), its handler and how it retries.
 */
export function defineJob<const Name extends string, Payload extends z.ZodType>(
  definition: JobDefinition<Name, Payload>,
): JobDefinition<Name, Payload> {
  return definition;
}
