import type { z } from 'zod';
import { purgeExpiredJob } from '../modules/maintenance/purge-expired.job.ts';
import { quoteJobs } from '../modules/quotes/quote.jobs.ts';
import { newsJobs } from '../modules/news/news.jobs.ts';
import { enrichNewsJob } from '../modules/news/news-enrich.job.ts';
import { analysisJobs } from '../modules/analysis/analysis.jobs.ts';

/** Every job the worker runs. Add a module's job definitions here. */
export const jobDefinitions = [
  purgeExpiredJob,
  ...quoteJobs,
  ...newsJobs,
  enrichNewsJob,
  ...analysisJobs,
] as const;

type Definitions = (typeof jobDefinitions)[number];
export type JobName = Definitions['name'];
export type JobPayload<Name extends JobName> = z.input<
  Extract<Definitions, { name: Name }>['payload']
>;
