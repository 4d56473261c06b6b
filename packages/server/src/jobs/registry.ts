import { purgeExpiredJob } from '../modules/maintenance/purge-expired.job.ts';
import { quoteJobs } from '../modules/quotes/quote.jobs.ts';
import { newsJobs } from '../modules/news/news.jobs.ts';
import { enrichNewsJob } from '../modules/news/news-enrich.job.ts';
import { analysisJobs } from '../modules/analysis/analysis.jobs.ts';
import { promptJobs } from '../modules/prompts/prompt.jobs.ts';
import { blogJobs } from '../modules/blog/blog.jobs.ts';
import { alertJobs } from '../modules/alerts/alerts.jobs.ts';
import { telegramJobs } from '../modules/telegram/telegram.jobs.ts';
import { trackRecordJobs } from '../modules/track-record/track-record.jobs.ts';
import { marketCalendarJobs } from '../modules/market-calendar/market-calendar.jobs.ts';
import { screenerJobs } from '../modules/screener/screener.jobs.ts';

/**
 * Every job the worker runs, with its handler. Add a module's job definitions here and its
 * payload to `job-catalog.ts`. Only the server process (and tests) import this list.
 */
export const jobDefinitions = [
  purgeExpiredJob,
  ...quoteJobs,
  ...newsJobs,
  enrichNewsJob,
  ...analysisJobs,
  ...promptJobs,
  ...blogJobs,
  ...alertJobs,
  ...telegramJobs,
  ...trackRecordJobs,
  ...marketCalendarJobs,
  ...screenerJobs,
] as const;
