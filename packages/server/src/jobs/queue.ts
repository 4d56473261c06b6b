import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { PgBoss, type SendOptions } from 'pg-boss';
import { badRequest } from '../http/errors.ts';
import type { AnyJobDefinition, WorkerDeps } from './define-job.ts';
import type { JobSender } from './job-catalog.ts';

export type JobQueue = JobSender & {
  /** Starts handling jobs (and schedules) in this process. */
  startWorker: (deps: WorkerDeps) => Promise<void>;
  /** Stops taking jobs, waits for running ones up to `timeoutMs`, closes connections. */
  stop: (timeoutMs?: number) => Promise<void>;
  boss: PgBoss;
};

/** A PostgreSQL-backed job queue (pg-boss) with typed, validated payloads. */
export async function createJobQueue(options: {
  url: string;
  log: FastifyBaseLogger;
  /** The API-only role sends jobs but neither runs them nor keeps the schedule. */
  worker: boolean;
  /** The jobs it knows (`registry.ts` in the server process; tests pass their own). */
  definitions: readonly AnyJobDefinition[];
}): Promise<JobQueue> {
  const { log, definitions } = options;
  const definitionOf = (name: string): AnyJobDefinition => {
    const found = definitions.find((d) => d.name === name);
    if (!found) throw new Error(`unknown job ${name}`);
    return found;
  };
  const boss = new PgBoss({
    connectionString: options.url,
    schema: 'pgboss',
    max: 4,
    application_name: 'stockpulse-jobs',
    supervise: options.worker,
    schedule: options.worker,
    // A worker listens for NOTIFY, so queues created with `notify` wake it at once (one
    // connection held for listening; polling stays as the floor).
    useListenNotify: options.worker,
    // The queue sizes the burst mode reads (below) are counted and cached every 10 s instead of
    // 60 s, so a backlog is noticed within about 20 s (our job table is small: the counts are cheap).
    monitorIntervalSeconds: 10,
    superviseIntervalSeconds: 10,
    queueCacheIntervalSeconds: 10,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const definition of definitions) {
    const { retry } = definition;
    await boss.createQueue(definition.name, {
      retryLimit: retry.retryLimit,
      retryDelay: retry.retryDelaySeconds,
      retryBackoff: retry.backoff,
      expireInSeconds: retry.expireInSeconds,
      notify: definition.wakeOnSend ?? false,
    });
    // createQueue leaves an existing queue as it was: a queue made before `wakeOnSend` existed
    // learns it here.
    if (definition.wakeOnSend) await boss.updateQueue(definition.name, { notify: true });
  }

  // pg-boss keeps singletonKey unique only on queues of the short/singleton/stately policies; ours
  // are standard (many unkeyed jobs of a name may be queued). A keyed send checks for a queued job
  // of the same name and key and inserts in one transaction under an advisory lock on the pair,
  // so two processes (two workers starting, two API processes refreshing a symbol) store one job.
  const keyedSends = new pg.Pool({
    connectionString: options.url,
    max: 2,
    idleTimeoutMillis: 10_000,
    application_name: 'stockpulse-jobs',
  });
  keyedSends.on('error', () => undefined);
  const sendUnlessQueued = async (
    name: string,
    data: object,
    sendOptions: SendOptions,
    key: string,
  ): Promise<string | null> => {
    const client = await keyedSends.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `stockpulse-job:${name}:${key}`,
      ]);
      const db = { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
      const queued = await boss.findJobs(name, { key, queued: true, limit: 1, db });
      const id = queued.length > 0 ? null : await boss.send(name, data, { ...sendOptions, db });
      await client.query('commit');
      return id;
    } catch (error) {
      await client.query('rollback').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };

  const queue: JobQueue = {
    boss,
    async enqueue(name, data, enqueueOptions = {}) {
      const definition = definitionOf(name);
      const parsed = definition.payload.safeParse(data);
      if (!parsed.success) {
        throw badRequest(
          `Invalid payload for job ${name}: ${parsed.error.issues[0]?.message ?? ''}`,
        );
      }
      const sendOptions: SendOptions = {
        priority: enqueueOptions.priority ?? definition.priority ?? 0,
        ...(enqueueOptions.startAfter !== undefined && { startAfter: enqueueOptions.startAfter }),
      };
      const key = enqueueOptions.singletonKey;
      if (key === undefined) return boss.send(name, parsed.data as object, sendOptions);
      return sendUnlessQueued(
        name,
        parsed.data as object,
        { ...sendOptions, singletonKey: key },
        key,
      );
    },
    async startWorker(deps) {
      for (const definition of definitions) {
        await boss.work<unknown>(
          definition.name,
          {
            batchSize: 1,
            localConcurrency:
              typeof definition.concurrency === 'function'
                ? definition.concurrency(deps)
                : (definition.concurrency ?? 1),
            pollingIntervalSeconds: 1,
            // NOTIFY only adds the instant wake-up; without it a worker on a notify queue would
            // poll every 30 s (pg-boss's default) between two jobs of a backlog.
            notifyPollingIntervalSeconds: 1,
            // A backlog (more than two jobs ready) is fetched continuously, not one a second.
            burstWhenReadyExceeds: 2,
          },
          async ([job]) => {
            if (!job) return;
            const data = definition.payload.parse(job.data);
            const jobLog = deps.log.child({ job: definition.name, jobId: job.id });
            await definition.handler(data, { ...deps, jobs: queue, log: jobLog });
          },
        );
        if (definition.schedule) {
          await boss.schedule(
            definition.name,
            definition.schedule.cron,
            definition.schedule.data as object,
            {
              tz: 'UTC',
            },
          );
        }
      }
      log.info({ jobs: definitions.map((d) => d.name) }, 'worker started');
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
      await keyedSends.end();
    },
  };
  return queue;
}
export type { AnyJobDefinition } from './define-job.ts';
