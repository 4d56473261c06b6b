import { DEFAULT_WATCHLIST } from '@app/shared/api/market';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { createClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { loggerOptions } from './http/logger.ts';
import { createJobQueue } from './jobs/queue.ts';
import { jobDefinitions } from './jobs/registry.ts';
import { createServices } from './modules/create-services.ts';
import { ensureDemoCompanies } from './modules/companies/demo-companies.ts';
import { DEMO_WATCHLIST, ensureFirstRunUsers } from './modules/users/first-run.ts';

type Role = 'all' | 'api' | 'worker';

function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? 'all';
  if (arg === 'all' || arg === 'api' || arg === 'worker') return arg;
  console.error(`Unknown --role=${arg}: use all, api or worker`);
  process.exit(1);
}

/** Starts the server process in the role its arguments name; stops it cleanly on SIGINT/SIGTERM. */
export async function runServerProcess() {
  const startedAt = performance.now();
  const role = parseRole(process.argv.slice(2));
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino(loggerOptions(config.logLevel));
  const clock = createClock(config);
  if (config.clockStart) log.warn({ now: clock.now() }, 'business time pinned by CLOCK_START');
  const database = await openDatabase(config, log);
  const firstRun = await ensureFirstRunUsers(database.db, config, log);
  const loaded = await ensureDemoCompanies(database.db);
  if (loaded > 0) log.info({ companies: loaded }, 'loaded the demo companies');
  const jobs = await createJobQueue({
    url: database.url,
    log,
    worker: role !== 'api',
    definitions: jobDefinitions,
  });
  // Every service once, shared by the API and the worker of this process.
  const deps = { config, db: database.db, readDb: database.readDb, jobs, log, clock };
  const services = createServices(deps);
  if (firstRun.createdDemoUserId) {
    const id = firstRun.createdDemoUserId;
    for (const symbol of DEMO_WATCHLIST)
      await services.watchlists.append(id, DEFAULT_WATCHLIST, symbol);
  }
  const app = role === 'worker' ? undefined : await buildApp({ ...deps, services });
  if (app) await app.listen({ port: config.port, host: config.host });
  if (role !== 'api') {
    await jobs.startWorker({ services, log });
    // Quotes of the whole market on start, then every 15 minutes by the schedule.
    await jobs.enqueue('market.refresh-universe', {}, { singletonKey: 'startup' });
    // News at once too, rather than at the next ten-minute tick.
    await jobs.enqueue('news.ingest', {}, { singletonKey: 'startup' });
    // Company analyses of the news already stored (news.enrich queues more after new articles).
    await jobs.enqueue('company.analyze', {}, { singletonKey: 'startup' });
    // The market calendar's stored events (then daily by the schedule).
    await jobs.enqueue('market-calendar.refresh', {}, { singletonKey: 'startup' });
    // The blog's weekly recaps of the last few weeks, so the blog is never empty (idempotent).
    await jobs.enqueue('blog.write-recaps', { weeks: 4 }, { singletonKey: 'startup' });
    // The Telegram bot (off without TELEGRAM_BOT_TOKEN): long polling, or the webhook it sets.
    await services.telegram
      .startBot({
        mode: config.telegram.mode,
        webhookUrl: `${config.publicUrl}/api/telegram/webhook`,
        ...(config.telegram.webhookSecret && { secret: config.telegram.webhookSecret }),
      })
      .catch((error: unknown) => log.error({ err: error }, 'the Telegram bot did not start'));
    // The analyst's track record when the stored one is stale (the nightly run keeps it current);
    // it repeats a minute apart while a fresh start is still storing bars and articles.
    await jobs.enqueue(
      'track-record.compute',
      { ifStale: true, round: 0 },
      { singletonKey: 'startup', startAfter: 15 },
    );
  }
  const ms = Math.round(performance.now() - startedAt);
  log.info(
    { role, ms },
    app ? `StockPulse is ready at ${config.publicUrl}` : 'StockPulse worker is ready',
  );

  let signals = 0;
  const shutdown = async (signal: string) => {
    signals += 1;
    // Process managers often deliver a signal twice; only a third one forces the exit.
    if (signals === 3) {
      log.warn('third signal: exiting now without a clean shutdown');
      process.exit(1);
    }
    if (signals > 1) return;
    log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    const force = setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5_000);
    force.unref();
    try {
      await app?.close();
      await services.telegram.stopBot();
      await jobs.stop(config.shutdownTimeoutMs);
      services.close();
    } finally {
      await database.close();
    }
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
