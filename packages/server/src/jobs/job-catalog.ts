import { z } from 'zod';

/** Symbols per queued refresh job. */
export const REFRESH_BATCH = 200;

/**
 * Every job's name and payload schema: what may be enqueued, and nothing else. Handlers live in
 * the modules (`*.jobs.ts`, listed in `registry.ts`); this file imports no module, so the queue,
 * the services that send jobs and the handlers all depend on it and never on each other.
 */
export const JOB_PAYLOADS = {
  'maintenance.purge-expired': z.object({
    batchSize: z.number().int().min(1).max(100_000).default(5_000),
  }),
  'market.refresh-watched': z.object({}),
  'market.refresh-universe': z.object({}),
  'market.refresh-symbols': z.object({
    symbols: z.array(z.string().min(3).max(40)).min(1).max(REFRESH_BATCH),
  }),
  'market.backfill-history': z.object({ symbol: z.string().min(3).max(40) }),
  'news.ingest': z.object({}),
  'news.poll-feeds': z.object({}),
  'news.enrich': z.object({}),
  'company.analyze': z.object({}),
  'prompts.answer': z.object({ promptId: z.uuid() }),
  'prompts.sweep': z.object({}),
  'blog.write-recaps': z.object({ weeks: z.number().int().min(1).max(26).default(4) }),
  /** Instant alerts for the articles analysed from `since` to `until` (ISO times; no end: now). */
  'alerts.fan-out': z.object({ since: z.iso.datetime(), until: z.iso.datetime().optional() }),
  'alerts.send': z.object({}),
  'alerts.digests': z.object({}),
  'alerts.insights': z.object({}),
  'track-record.compute': z.object({
    /** Skip when the stored record was computed from the articles and bars stored now. */
    ifStale: z.boolean().default(false),
    /** A start's re-runs, a minute apart, while the articles or bars keep changing. */
    round: z.number().int().min(0).max(20).default(0),
  }),
  'telegram.daily-brief': z.object({}),
  'market-calendar.refresh': z.object({}),
  /** With `fundamentals`, the provider's per-share figures are fetched before the metrics. */
  'screener.refresh-metrics': z.object({ fundamentals: z.boolean().default(false) }),
} as const;

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayload<Name extends JobName> = z.input<(typeof JOB_PAYLOADS)[Name]>;

export type EnqueueOptions = {
  priority?: number;
  /** Run no earlier than this (a Date, or seconds from now). */
  startAfter?: Date | number;
  /**
   * At most one queued (not yet running) job with this key per job name, across processes: a send
   * while one is queued stores nothing and returns null. One already running does not count, so
   * work that arrives while it runs still gets its turn.
   */
  singletonKey?: string;
};

/** What sends jobs: the queue, and the services and handlers that queue follow-up work. */
export type JobSender = {
  /** Validates the payload against the job's schema and stores the job; returns its id. */
  enqueue: <Name extends JobName>(
    name: Name,
    data: JobPayload<Name>,
    options?: EnqueueOptions,
  ) => Promise<string | null>;
};
