import { DEFAULT_TICKERS } from '@app/shared/api/market';
import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';

/**
 * Every minute: the symbols somebody watches or has an alert rule on and the default list,
 * history first.
 */
export const refreshWatchedJob = defineJob({
  name: 'market.refresh-watched',
  payload: JOB_PAYLOADS['market.refresh-watched'],
  retry: { retryLimit: 1, retryDelaySeconds: 20, backoff: false, expireInSeconds: 300 },
  schedule: { cron: '* * * * *', data: {} },
  priority: 5,
  handler: async (_data, deps) => {
    const { market } = deps.services;
    const watched = await market.quotes.watchedSymbols();
    const ruled = await deps.services.alertRules.watchedSymbols();
    const symbols = [...new Set([...DEFAULT_TICKERS, ...watched, ...ruled])];
    const stored = await market.quotes.refresh(symbols);
    deps.log.debug({ symbols: symbols.length, stored }, 'refreshed watched quotes');
    // Users' price, move, 52-week and volume rules on these symbols (modules/alert-rules).
    await deps.services.alertRules.evaluateQuotes(symbols);
  },
});

/**
 * Every 15 minutes (and once when a worker starts): quotes of every listing, so the top-growth
 * tables rank the whole market. Listings never seen get a history backfill job each; their change
 * fields fill in when it has run. Then a news ingest, whose market briefs read these quotes.
 */
export const refreshUniverseJob = defineJob({
  name: 'market.refresh-universe',
  payload: JOB_PAYLOADS['market.refresh-universe'],
  retry: { retryLimit: 1, retryDelaySeconds: 60, backoff: false, expireInSeconds: 1800 },
  schedule: { cron: '*/15 * * * *', data: {} },
  handler: async (_data, deps) => {
    const { market } = deps.services;
    const symbols = await market.quotes.allSymbols();
    const missing = await market.quotes.withoutHistory(symbols);
    for (const symbol of missing) {
      await deps.jobs.enqueue('market.backfill-history', { symbol }, { singletonKey: symbol });
    }
    const stored = await market.quotes.refresh(symbols, { backfill: false });
    await deps.services.alertRules.evaluateQuotes(symbols);
    deps.log.info(
      { symbols: symbols.length, stored, backfills: missing.length },
      'refreshed the quote universe',
    );
    // The market briefs are written from these quotes: ingest now rather than at the next tick
    // (on a fresh start the first ingest ran before any quote existed and wrote none).
    await deps.jobs.enqueue('news.ingest', {}, { singletonKey: 'after-quotes' });
    // The screener's figures read these quotes.
    await deps.jobs.enqueue(
      'screener.refresh-metrics',
      { fundamentals: false },
      { singletonKey: 'after-quotes' },
    );
  },
});

/** A refresh asked for by a request (invalidate, or too many stale symbols to refresh inline). */
export const refreshSymbolsJob = defineJob({
  name: 'market.refresh-symbols',
  payload: JOB_PAYLOADS['market.refresh-symbols'],
  retry: { retryLimit: 2, retryDelaySeconds: 10, backoff: true, expireInSeconds: 600 },
  priority: 10,
  handler: async ({ symbols }, deps) => {
    await deps.services.market.quotes.refresh(symbols);
  },
});

/** Ten years of daily bars for a symbol seen for the first time, then its change fields. */
export const backfillHistoryJob = defineJob({
  name: 'market.backfill-history',
  payload: JOB_PAYLOADS['market.backfill-history'],
  retry: { retryLimit: 3, retryDelaySeconds: 30, backoff: true, expireInSeconds: 600 },
  concurrency: 2,
  handler: async ({ symbol }, deps) => {
    const { market } = deps.services;
    await market.history.ensureLoaded(symbol);
    await market.quotes.refresh([symbol], { backfill: false });
    // The screener's figures read the history: one refresh half a minute on, for every backfill
    // finished meanwhile (a keyed job is queued once).
    await deps.jobs.enqueue(
      'screener.refresh-metrics',
      { fundamentals: false },
      { singletonKey: 'after-history', startAfter: 30 },
    );
  },
});

export const quoteJobs = [
  refreshWatchedJob,
  refreshUniverseJob,
  refreshSymbolsJob,
  backfillHistoryJob,
] as const;
