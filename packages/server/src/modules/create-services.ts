import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import { createDatabaseHealth, type Database } from '../db/database.ts';
import type { JobSender } from '../jobs/job-catalog.ts';
import type { AiProvider } from '../providers/ai/ai-provider.ts';
import type { AssistantProvider } from '../providers/ai/assistant/assistant-provider.ts';
import { createAssistantProvider } from '../providers/ai/assistant/create-assistant-provider.ts';
import { createAiProvider } from '../providers/ai/create-ai-provider.ts';
import { createGiphyClient } from '../providers/gif/giphy.ts';
import { createMarketDataProvider } from '../providers/market-data/create-market-data-provider.ts';
import type { MarketDataProvider } from '../providers/market-data/market-data-provider.ts';
import { createNewsSources } from '../providers/news/create-news-sources.ts';
import { DEFAULT_MAX_PAGE_BYTES } from '../providers/news/full-text/page-fetch.ts';
import { createAnalysisRepository } from './analysis/analysis.repository.ts';
import { createAnalysisService } from './analysis/analysis.service.ts';
import { createBillingRepository } from './billing/billing.repository.ts';
import { createBillingService } from './billing/billing.service.ts';
import { createPaymentsProvider } from '../providers/payments/create-payments-provider.ts';
import { createCommentRepository } from './comments/comment.repository.ts';
import { createCommentService } from './comments/comment.service.ts';
import { createCommentPageCache } from './comments/comment-page-cache.ts';
import { createCompanyRepository } from './companies/company.repository.ts';
import { createMaintenanceRepository } from './maintenance/maintenance.repository.ts';
import { createMailer } from './messaging/mailer.ts';
import { createOutboxRepository } from './messaging/outbox.repository.ts';
import { createPortfolioRepository } from './portfolio/portfolio.repository.ts';
import { createPortfolioNotices } from './portfolio/portfolio-notices.ts';
import { createPortfolioService } from './portfolio/portfolio.service.ts';
import { createLiveBus } from './live/live-bus.ts';
import {
  publishingAnalysedArticles,
  createPromptPublisher,
  publishingDeliveries,
  publishingStoredArticles,
} from './live/live-publishers.ts';
import { createAssistantContextBuilder } from './prompts/assistant-context.ts';
import { createPromptEvents } from './prompts/prompt-events.ts';
import { createPromptRepository } from './prompts/prompt.repository.ts';
import { createPromptService } from './prompts/prompt.service.ts';
import { createPromptReadCache } from './prompts/prompt-read-cache.ts';
import { cacheForgettingRepository, createPromptReads } from './prompts/prompt-reads.ts';
import { createFeedCache } from './news/feed-cache.ts';
import { createLinkerCache } from './news/linker-cache.ts';
import { createNewsEnrichService } from './news/news-enrich.service.ts';
import { createFullTextReader } from './news/news-full-text.ts';
import { createNewsGifRepository } from './news/news-gif.repository.ts';
import { createNewsGifService } from './news/news-gif.service.ts';
import { createNewsIngestService } from './news/news-ingest.service.ts';
import { createNewsTranslateService } from './news/news-translate.service.ts';
import { createNewsRepository } from './news/news.repository.ts';
import { createNewsService } from './news/news.service.ts';
import { createBriefMarketRepository } from './quotes/brief-market.repository.ts';
import { createCalendarRepository } from './calendar/calendar.repository.ts';
import { createCalendarService } from './calendar/calendar.service.ts';
import { createRecommendationRepository } from './recommendations/recommendation.repository.ts';
import { createRecommendationService } from './recommendations/recommendation.service.ts';
import { createWidgetRepository } from './widgets/widget.repository.ts';
import { createWidgetService } from './widgets/widget.service.ts';
import { createMarketServices } from './quotes/market-services.ts';
import { createRateLimitRepository } from './security/rate-limit.repository.ts';
import { createOgImageRepository } from './seo/og-image.repository.ts';
import { blogSeo } from './seo/blog-source.ts';
import { createSeoServices } from './seo/seo-services.ts';
import { createRateLimiter } from './security/rate-limiter.ts';
import { createUserServices } from './users/user-services.ts';
import { createWatchlistCache } from './watchlists/watchlist-cache.ts';
import { createWatchlistRepository } from './watchlists/watchlist.repository.ts';
import { createWatchlistService } from './watchlists/watchlist.service.ts';
import { createNewsletterRepository } from './newsletter/newsletter.repository.ts';
import { createNewsletterService } from './newsletter/newsletter.service.ts';
import { createContactRepository } from './contact/contact.repository.ts';
import { createContactService } from './contact/contact.service.ts';
import { createBlogRepository } from './blog/blog.repository.ts';
import { createBlogService } from './blog/blog.service.ts';
import { createAlertsRepository } from './alerts/alerts.repository.ts';
import { createAlertsService } from './alerts/alerts.service.ts';
import { createDigestWriter } from './alerts/digest-writer.ts';
import { createPriceMoves } from './alerts/price-moves.ts';
import { createTelegramBot } from '../providers/telegram/telegram-bot.ts';
import { createTelegramRepository } from './telegram/telegram.repository.ts';
import { createTelegramService } from './telegram/telegram.service.ts';
import { registerTelegramCommands } from './telegram/telegram-commands.ts';
import { newsArticleSchema, newsResponseSchema } from '@app/shared/api/news';
import { BRIEF_PUBLISHER } from '../providers/news/market-briefs/market-brief-source.ts';
import { createTrackRecordRepository } from './track-record/track-record.repository.ts';
import { createTrackRecordService } from './track-record/track-record.service.ts';
import { createDemoHistorySource } from './track-record/track-record-demo-history.ts';

/** How long a GIPHY search may take before the bundled animation is answered instead. */
const GIPHY_TIMEOUT_MS = 2_500;
/** How long an offline checkout or portal page stays usable. */
const BILLING_SESSION_TTL_MS = 3_600_000;

export type ServiceDeps = {
  db: Database;
  /**
   * DATABASE_READ_URL's read-only pool (a replica, which may lag), for the read-heavy public
   * reads that opt in below; defaults to `db`. Writes and read-your-own-writes stay on `db`.
   */
  readDb?: Database;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** Business time; nothing below reads the machine's clock for it. */
  clock: Clock;
  /** Where services send jobs (the API and the worker pass their queue). */
  jobs: JobSender;
  /** Defaults to the provider `MARKET_DATA` selects; tests may pass their own. */
  marketData?: MarketDataProvider;
  /** Defaults to the analyst `AI_PROVIDER` selects; tests may pass their own. */
  ai?: AiProvider;
  /** Defaults to the assistant `AI_PROVIDER` selects; tests may pass their own. */
  assistant?: AssistantProvider;
};

/**
 * The composition root: every repository, service, cache, linker and provider of the product,
 * built exactly once. `buildApp` hands the result to the routes and the worker to the job
 * handlers, so the API and the jobs share one analyst (one circuit breaker), one feed cache and
 * one linker per process. Modules meet here and only through their services.
 */
export function createServices(deps: ServiceDeps) {
  const { db, config, log, clock, jobs } = deps;

  const mailer = createMailer({
    outbox: createOutboxRepository(db),
    log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    clock,
  });
  const limiter = createRateLimiter(createRateLimitRepository(db), config.rateLimitScale, clock);
  // Live updates of open pages (issue 18): writers publish with NOTIFY, API processes LISTEN.
  const live = createLiveBus({ db, log });
  const users = createUserServices({ db, config, mailer, limiter, clock });

  const marketData = deps.marketData ?? createMarketDataProvider(config, log, clock);
  const market = createMarketServices({
    db,
    provider: marketData,
    log,
    jobs,
    clock,
    onQuotesStored: (quotes, at) => live.publishQuotes(quotes, at),
  });
  // Users' lists kept in memory, dropped on the database's notices (issue 18: my_portfolio).
  const watchlistCache = config.watchlistCache ? createWatchlistCache({ db, log }) : undefined;
  const watchlists = createWatchlistService({
    watchlists: createWatchlistRepository(db),
    symbolExists: async (symbol) => (await market.quotesRepository.existing([symbol])).length > 0,
    ...(watchlistCache && { cache: watchlistCache }),
  });
  // Unchanged snapshots answered from memory, dropped on the database's notices (issue 18).
  const portfolioNotices = config.portfolioCache ? createPortfolioNotices({ db, log }) : undefined;
  const portfolio = createPortfolioService({
    repository: createPortfolioRepository(db),
    notices: portfolioNotices,
    clock,
    benchmarkSymbol: config.portfolioBenchmark,
    // Listings whose daily history is missing or behind get it loaded, as a quote refresh does.
    loadHistory: async (symbols) => {
      const yesterday = new Date(clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
      const known = await market.quotesRepository.existing(symbols);
      for (const symbol of await market.quotesRepository.historyBehind(known, yesterday)) {
        await market.history.ensureLoaded(symbol);
      }
    },
  });

  // One analyst for the whole process (AI_PROVIDER): the openai one falls back to the offline one.
  const ai = deps.ai ?? createAiProvider(config, log);

  const newsRepository = createNewsRepository(db);
  const feedCache = createFeedCache();
  const linkers = createLinkerCache(newsRepository);
  const enrich = createNewsEnrichService({
    repository: publishingAnalysedArticles(newsRepository, live),
    ai,
    log,
    clock,
  });
  const news = createNewsService({
    repository: newsRepository,
    feedCache,
    linkers,
    enrich,
    limiter,
    clock,
    watchedSymbols: (userId) => watchlists.symbolsOf(userId),
    hasDebugInterface: users.hasDebugInterface,
    log,
  });
  const ingest = createNewsIngestService({
    repository: publishingStoredArticles(newsRepository, live),
    linkers,
    sources: createNewsSources(config, {
      readBriefMarket: createBriefMarketRepository(db).read,
      watchedSymbols: () => market.quotesRepository.watchedSymbols(),
      marketData,
      log,
      now: () => clock.now(),
    }),
    log,
    fullText: config.newsFullText
      ? {
          read: createFullTextReader({
            timeoutMs: config.newsFetchTimeoutMs,
            maxBytes: DEFAULT_MAX_PAGE_BYTES,
          }),
        }
      : undefined,
  });
  const translate = createNewsTranslateService({ repository: newsRepository, ai, log });
  const gifs = createNewsGifService({
    giphy: config.giphyApiKey
      ? createGiphyClient({
          apiKey: config.giphyApiKey,
          baseUrl: config.giphyBaseUrl,
          timeoutMs: GIPHY_TIMEOUT_MS,
        })
      : null,
    cache: createNewsGifRepository(db, clock),
    log,
  });

  const companies = createCompanyRepository(db);
  const analysisRepository = createAnalysisRepository(db);
  const analysis = createAnalysisService({ repository: analysisRepository, ai, log, clock });

  // One assistant for the whole process (AI_PROVIDER), and one hub between the worker writing
  // answers and the pages streaming them.
  const assistant =
    deps.assistant ??
    createAssistantProvider(config, log, {
      ...(config.openaiPricePer1kTokensUsd !== undefined && {
        pricePer1kTokensUsd: config.openaiPricePer1kTokensUsd,
      }),
    });
  // Prompt progress and answer pieces on the owner's live topic, in order per prompt.
  const promptLive = createPromptPublisher(live);
  // Serialised prompt answers per API process, dropped on the database's notices (issue 18).
  const promptReadCache = config.promptCache ? createPromptReadCache({ db, log }) : undefined;
  const prompts = createPromptService({
    repository: cacheForgettingRepository(createPromptRepository(db), promptReadCache),
    events: createPromptEvents(),
    assistant,
    buildContext: createAssistantContextBuilder({
      clock,
      watchlists,
      holdings: portfolio,
      companies,
      quotes: market.quotes,
      news,
      analysis,
    }),
    jobs,
    limiter,
    clock,
    log,
    knownSymbols: async (symbols) =>
      new Set((await companies.bySymbols(symbols)).map((row) => row.exchange_ticker)),
    articleVisible: async (id, viewer) => (await news.articleFact(id, viewer)) !== undefined,
    hasDebugInterface: users.hasDebugInterface,
    onStatus: (userId, id, status) => promptLive.status(userId, id, status),
    onProgress: (userId, id, progress) => promptLive.progress(userId, id, progress),
  });
  const promptReads = createPromptReads({ prompts, cache: promptReadCache, clock });
  // The dashboard (issue 12): calendar, recommendations, widgets.
  const calendar = createCalendarService({
    repository: createCalendarRepository(db),
    marketData,
    // The open positions of the user's default portfolio.
    heldSymbols: (userId) => portfolio.heldSymbols(userId),
    watchedSymbols: (userId) => watchlists.symbolsOf(userId),
    companyNames: async (symbols) =>
      new Map(
        (await companies.bySymbols(symbols)).map((row) => [row.exchange_ticker, row.company_name]),
      ),
    clock,
  });
  const recommendations = createRecommendationService({
    repository: createRecommendationRepository(deps.readDb ?? db),
    clock,
  });
  const widgets = createWidgetService({ repository: createWidgetRepository(db), clock });
  // Plans, payments and referrals (issue 13): PAYMENTS_PROVIDER picks offline or stripe.
  const billingRepository = createBillingRepository(db);
  const billing = createBillingService({
    repository: billingRepository,
    provider: createPaymentsProvider(config, {
      now: () => clock.now(),
      sessions: {
        createSession: (session) =>
          billingRepository.createSession({
            ...session,
            createdAt: clock.now(),
            expiresAt: new Date(clock.now().getTime() + BILLING_SESSION_TTL_MS),
          }),
      },
    }),
    clock,
    publicUrl: config.publicUrl,
    log,
    planOfPrice: (priceId) =>
      Object.entries(config.stripe?.prices ?? {}).find(([, id]) => id === priceId)?.[0],
  });
  // Comments, replies, reports and moderation (issue 14); articles' visibility is the news rule.
  const comments = createCommentService({
    repository: createCommentRepository(db),
    limiter,
    mailer,
    clock,
    log,
    publicUrl: config.publicUrl,
    articleTitles: (ids, viewer) => news.titlesVisibleTo(ids, viewer),
    ...(config.commentsCache && { cache: createCommentPageCache({ db, log }) }),
  });
  // The public site (issue 15): newsletter double opt-in, the contact inbox, the weekly recaps.
  const newsletter = createNewsletterService({
    repository: createNewsletterRepository(db),
    mailer,
    limiter,
    clock,
    publicUrl: config.publicUrl,
  });
  const contact = createContactService({
    repository: createContactRepository(db),
    mailer,
    limiter,
    clock,
    contactEmail: config.contact.email,
    publicUrl: config.publicUrl,
  });
  const blog = createBlogService({ repository: createBlogRepository(db), marketData, clock, log });
  // Search engines and link previews (issue 15 §5): page heads, sitemap, robots, OG images.
  const seo = createSeoServices({
    publicUrl: config.publicUrl,
    webDistDir: config.webDistDir,
    articles: newsRepository,
    companies,
    analyses: analysisRepository,
    blog: blogSeo(blog),
    images: createOgImageRepository(db, clock),
    log,
    clock,
  });
  // The Telegram bot and channels (issue 16 §5–6): off without TELEGRAM_BOT_TOKEN.
  const telegramBot = config.telegram.botToken
    ? createTelegramBot({ token: config.telegram.botToken, apiRoot: config.telegram.apiRoot })
    : null;
  const telegram = createTelegramService({
    repository: createTelegramRepository(db),
    bot: telegramBot,
    botUsername: config.telegram.botUsername,
    clock,
    log,
  });
  if (telegramBot) {
    registerTelegramCommands(telegramBot, {
      telegram,
      watchedSymbols: (userId) => watchlists.symbolsOf(userId),
      financials: async (symbols) => (await market.quotes.financials(symbols)).financials,
      newsAbout: async (symbol, limit) =>
        (await news.company(symbol, null, { skip: 0, limit })).map((row) => {
          const article = newsArticleSchema.parse(JSON.parse(row.article));
          return { ...article, date: new Date(article.creation_date * 1000) };
        }),
      setInstantAlerts: async (userId, on) => {
        await users.userService.setProperty(userId, 'my_instant_alerts', on);
      },
      publicUrl: config.publicUrl,
    });
  }
  // Alerts and digests (issue 16 §1–4): written to the deliveries outbox, sent by alerts.send.
  // Digests read every watchlist and every portfolio of the user, not only the default ones.
  const digestContext = createAssistantContextBuilder({
    clock,
    watchlists: { symbolsOf: (userId) => watchlists.allSymbolsOf(userId) },
    holdings: { heldSymbols: (userId) => portfolio.heldSymbolsInAll(userId) },
    companies,
    quotes: market.quotes,
    news,
    analysis,
  });
  const alerts = createAlertsService({
    repository: publishingDeliveries(createAlertsRepository(db), live),
    mailer,
    sendTelegram: (userId, text) => telegram.sendToUser(userId, text),
    // The public channel gets each defcon-1 story once, when the bot runs.
    ...(telegram.enabled && {
      publishTelegram: (kind: 'alert' | 'brief', text: string) => telegram.publish(kind, text),
    }),
    heldSymbols: (userId) => portfolio.heldSymbolsInAll(userId),
    watchedSymbols: (userId) => watchlists.allSymbolsOf(userId),
    prices: createPriceMoves({
      closes: (symbol, from, to) => market.history.history(symbol, from, to),
      latestPrice: async (symbol) =>
        (await market.quotes.financials([symbol])).financials[symbol]?.price ?? null,
    }),
    digests: createDigestWriter({
      assistant,
      buildContext: (user) =>
        digestContext({
          userId: user.id,
          viewer: { is_admin: user.is_admin },
          selection: { kind: 'EMAIL' },
          articleId: null,
        }),
      savedPrompt: async (user) => {
        const [saved] = await prompts.query(
          {
            id: user.id,
            username: user.username,
            is_admin: false,
            is_email_validated: true,
            is_subscriber: true,
          },
          {
            type: 'email_prompt',
            subtype: 'EMAIL_SUMMARY',
            order_by: '-creation_date',
            limit: '1',
          },
        );
        return saved?.prompt?.trim() || null;
      },
      publicUrl: config.publicUrl,
      log,
    }),
    insights: {
      latestRecap: async () => {
        const [latest] = await blog.list();
        return latest ? blog.post(latest.slug) : undefined;
      },
      subscribers: () => newsletter.confirmedSubscribers(),
      send: (subscriber, subject, text) => newsletter.sendToSubscriber(subscriber, subject, text),
    },
    setFlag: (userId, key, value) => users.userService.setProperty(userId, key, value),
    jobs,
    clock,
    log,
    publicUrl: config.publicUrl,
  });
  /** The newest market brief (issue 11's data-driven briefs), for the daily channel post. */
  const latestMarketBrief = async () => {
    const { body } = await news.feed(
      { publisher: BRIEF_PUBLISHER, order_by: '-creation_date', limit: '1', no_cache: '1' },
      null,
    );
    const [brief] = newsResponseSchema.parse(JSON.parse(body.toString('utf8'))).news;
    return brief?.title && brief.link
      ? { title: brief.title, summary: brief.ai_summary ?? brief.summary ?? null, link: brief.link }
      : undefined;
  };
  // The analyst's public track record (issue 17 §4), against PORTFOLIO_BENCHMARK or the
  // equal-weighted universe; on demo data the demo newsroom's past sessions are stored for it.
  const trackRecord = createTrackRecordService({
    repository: createTrackRecordRepository(db),
    clock,
    log,
    demo: config.marketData === 'demo',
    benchmarkSymbol: config.portfolioBenchmark,
    loadHistory: async (symbols) => {
      for (const symbol of symbols) await market.history.ensureLoaded(symbol);
    },
  });
  const trackRecordDemoHistory =
    config.marketData === 'demo' && config.newsSources.includes('demo')
      ? createNewsIngestService({
          repository: newsRepository,
          linkers,
          sources: [
            createDemoHistorySource({ publicUrl: config.publicUrl, now: () => clock.now() }),
          ],
          log,
        })
      : undefined;
  const maintenance = createMaintenanceRepository(db);
  const database = createDatabaseHealth(db);

  return {
    config,
    clock,
    mailer,
    limiter,
    users,
    marketData,
    market,
    watchlists,
    portfolio,
    ai,
    news,
    enrich,
    ingest,
    translate,
    gifs,
    companies,
    analysisRepository,
    analysis,
    assistant,
    prompts,
    promptReads,
    /** The prompt read cache (undefined when PROMPT_CACHE is off); the analyses routes hear its notices. */
    promptReadCache,
    calendar,
    recommendations,
    widgets,
    billing,
    comments,
    newsletter,
    contact,
    blog,
    seo,
    telegram,
    alerts,
    latestMarketBrief,
    trackRecord,
    trackRecordDemoHistory,
    maintenance,
    live,
    /** Whether the database serves us (`/api/health`). */
    checkDatabase: () => database.check(),
    /** Releases what the services hold open (the SMTP connection pool). */
    close() {
      mailer.close();
      void live.close();
      void users.close();
      void portfolioNotices?.close();
      void promptReadCache?.close();
      void comments.close();
      void watchlistCache?.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
