import { createDatabaseHealth } from '../db/database.ts';
import { createNoticeHub } from '../db/notice-hub.ts';
import { composeAlerts } from './composition/alerts.ts';
import { composeAssistant } from './composition/assistant.ts';
import { composeBilling } from './composition/billing.ts';
import { composeDashboard } from './composition/dashboard.ts';
import { composeMarket } from './composition/market.ts';
import { composeMarketCalendar } from './composition/market-calendar.ts';
import { composeNews } from './composition/news.ts';
import { createProviders } from './composition/providers.ts';
import type { ServiceDeps } from './composition/service-deps.ts';
import { composeSite } from './composition/site.ts';
import { composeTrackRecord } from './composition/track-record.ts';
import { createLiveBus } from './live/live-bus.ts';
import { createMaintenanceRepository } from './maintenance/maintenance.repository.ts';
import { createMailer } from './messaging/mailer.ts';
import { createOutboxRepository } from './messaging/outbox.repository.ts';
import { createRateLimitRepository } from './security/rate-limit.repository.ts';
import { createRateLimiter } from './security/rate-limiter.ts';
import { createUnsubscribeRepository } from './unsubscribe/unsubscribe.repository.ts';
import { createUnsubscribeService } from './unsubscribe/unsubscribe.service.ts';
import { createUserServices } from './users/user-services.ts';

export type { ServiceDeps } from './composition/service-deps.ts';

/**
 * The composition root: every repository, service, cache, linker and provider of the product,
 * built exactly once. `buildApp` hands the result to the routes and the worker to the job
 * handlers, so the API and the jobs share one analyst (one circuit breaker), one feed cache and
 * one linker per process. Modules meet here and only through their services; each group's
 * wiring is a compose* function in composition/, called once below, in dependency order.
 */
export function createServices(deps: ServiceDeps) {
  const { db, config, log, clock } = deps;
  // One LISTEN connection per process: every cache and the live bus subscribe to it.
  const hub = createNoticeHub({ db, log });
  const base = { db, hub, config, log, clock, jobs: deps.jobs };

  const mailer = createMailer({
    outbox: createOutboxRepository(db),
    log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    clock,
  });
  const limiter = createRateLimiter(createRateLimitRepository(db), config.rateLimitScale, clock);
  // Live updates of open pages: writers publish with NOTIFY, API processes LISTEN.
  const live = createLiveBus({ db, hub, log });
  const users = createUserServices({ db, hub, config, mailer, limiter, clock });
  // The one-click unsubscribe link of every mail; the module that owns a kind switches it off.
  const unsubscribe = createUnsubscribeService({
    repository: createUnsubscribeRepository(db),
    clock,
    publicUrl: config.publicUrl,
    stop: {
      alerts: (owner) => alerts.stopMail(owner),
      newsletter: (subscriberId) => newsletter.stopMail(subscriberId),
    },
  });
  const foundation = { mailer, limiter, live, users, unsubscribe };

  const { marketData, ai, assistant, giphy, telegramBot } = createProviders(deps);
  const marketGroup = composeMarket({ ...base, marketData, live });
  const { market, watchlists, portfolio } = marketGroup;
  const newsGroup = composeNews({ ...base, ...foundation, ...marketGroup, marketData, ai, giphy });
  const { news, enrich, ingest, newsSources, translate, gifs } = newsGroup;
  const assistantGroup = composeAssistant({
    ...base,
    ...foundation,
    ...marketGroup,
    news,
    ai,
    assistant,
  });
  const { companies, analysis, prompts, promptReads, promptReadCache } = assistantGroup;
  const marketCalendar = composeMarketCalendar({ ...base, ...marketGroup, news, marketData });
  const { calendar, recommendations, widgets, screener } = composeDashboard({
    ...base,
    ...marketGroup,
    companies,
    marketCalendar,
    marketData,
    ...(deps.readDb && { readDb: deps.readDb }),
  });
  const billing = composeBilling(base);
  const site = composeSite({ ...base, ...foundation, ...newsGroup, ...assistantGroup, marketData });
  const { comments, newsletter, contact, blog, seo, siteFigures } = site;
  const { telegram, push, alerts, alertRules, latestMarketBrief } = composeAlerts({
    ...base,
    ...foundation,
    ...marketGroup,
    ...assistantGroup,
    ...site,
    news,
    assistant,
    telegramBot,
    ...(deps.pushAgent && { pushAgent: deps.pushAgent }),
  });
  const { trackRecord, trackRecordDemoHistory } = composeTrackRecord({
    ...base,
    ...newsGroup,
    market,
  });
  const maintenance = createMaintenanceRepository(db);
  const database = createDatabaseHealth(db);

  return {
    config,
    clock,
    mailer,
    limiter,
    users,
    unsubscribe,
    marketData,
    market,
    watchlists,
    portfolio,
    ai,
    news,
    enrich,
    ingest,
    newsSources,
    translate,
    gifs,
    companies,
    analysis,
    assistant,
    prompts,
    promptReads,
    /** The prompt read cache (undefined when PROMPT_CACHE is off); the analyses routes hear its notices. */
    promptReadCache,
    calendar,
    marketCalendar,
    recommendations,
    widgets,
    screener,
    billing,
    comments,
    newsletter,
    contact,
    blog,
    seo,
    siteFigures,
    telegram,
    push,
    alerts,
    alertRules,
    latestMarketBrief,
    trackRecord,
    trackRecordDemoHistory,
    maintenance,
    live,
    /** The process's one LISTEN connection (its stats, for the log and tests). */
    noticeHub: hub,
    /** Whether the database serves us (`/api/health`). */
    checkDatabase: () => database.check(),
    /** Releases what the services hold open (the SMTP connection pool, the LISTEN connection). */
    close() {
      mailer.close();
      void live.close();
      void users.close();
      void marketGroup.portfolioNotices?.close();
      void promptReadCache?.close();
      void comments.close();
      void marketGroup.watchlistCache?.close();
      void billing.closeReferralCache();
      void calendar.closeCache();
      void widgets.closeCache();
      void screener.closeCache();
      void marketCalendar.closeCache();
      void alerts.closeSettingsCache();
      void alerts.closeInboxCache();
      void alertRules.closeCache();
      void hub.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
