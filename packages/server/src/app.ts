import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Clock } from './clock.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { registerAccessControl } from './http/access.ts';
import { entitySetterRoutes } from './http/entity-setters.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { tooManyRequests } from './http/errors.ts';
import { registerStrictQuery } from './http/strict-query.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerWebApp } from './http/web-app.ts';
import type { JobQueue } from './jobs/queue.ts';
import { analysisRoutes } from './modules/analysis/analysis.routes.ts';
import { createAnalysisRepository } from './modules/analysis/analysis.repository.ts';
import { createAnalysisService } from './modules/analysis/analysis.service.ts';
import { companyRoutes } from './modules/companies/company.routes.ts';
import { createCompanyRepository } from './modules/companies/company.repository.ts';
import { createMailer } from './modules/messaging/mailer.ts';
import { priceRoutes } from './modules/prices/price.routes.ts';
import { createMarketServices } from './modules/quotes/market-services.ts';
import { quoteRoutes } from './modules/quotes/quote.routes.ts';
import { createRateLimiter } from './modules/security/rate-limiter.ts';
import { createWatchlistRepository } from './modules/watchlists/watchlist.repository.ts';
import { watchlistRoutes } from './modules/watchlists/watchlist.routes.ts';
import { createWatchlistService } from './modules/watchlists/watchlist.service.ts';
import { createDemoMarketDataProvider } from './providers/market-data/demo/demo-market-data-provider.ts';
import type { MarketDataProvider } from './providers/market-data/market-data-provider.ts';
import { createNewsEnrichService } from './modules/news/news-enrich.service.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { newsGifRoutes } from './modules/news/news-gif.routes.ts';
import { GIPHY_MEDIA_ORIGINS } from './providers/gif/giphy.ts';
import { createNewsSetter } from './modules/news/news.setter.ts';
import { newsTranslateRoutes } from './modules/news/news-translate.routes.ts';
import { createNewsTranslateService } from './modules/news/news-translate.service.ts';
import { createAiProvider } from './providers/ai/create-ai-provider.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { createUsersModule } from './modules/users/users.module.ts';
import { APP_VERSION } from './version.ts';

export type AppDeps = {
  config: AppConfig;
  db: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Business time (`CLOCK_START` pins it; tests pass their own). */
  clock: Clock;
  /** Defaults to the offline demo provider (MARKET_DATA=demo). */
  marketData?: MarketDataProvider;
};

/** Builds the whole HTTP application; `main.ts` and the tests call it with their own deps. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, clock } = deps;
  const app = Fastify({
    loggerInstance: deps.log,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    bodyLimit: 1_048_576,
    // Long path parameters (a list of symbols) reach the schemas, which answer 400 with a reason.
    routerOptions: { maxParamLength: 4_096 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // While closing, answers end their connection, so keep-alive clients cannot hold shutdown open.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const mailer = createMailer({
    db: deps.db,
    log: deps.log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    clock,
  });
  app.addHook('onClose', (_instance, done) => {
    mailer.close();
    done();
  });
  const users = createUsersModule({ db: deps.db, config, mailer, log: deps.log, clock });
  const marketData =
    deps.marketData ?? createDemoMarketDataProvider({ now: () => clock.now() });
  const market = createMarketServices({
    db: deps.db,
    provider: marketData,
    log: deps.log,
    jobs: deps.jobs,
    clock,
  });
  // One analyst for the whole app (AI_PROVIDER): the openai one falls back to the offline one.
  const ai = createAiProvider(config, deps.log);
  const limiter = createRateLimiter(deps.db, config.rateLimitScale, clock);
  const watchlists = createWatchlistService({
    watchlists: createWatchlistRepository(deps.db),
    symbolExists: async (symbol) => (await market.quotesRepository.existing([symbol])).length > 0,
  });

  registerErrorHandler(app);
  // Cookies are parsed before the access hook, which may read the session cookie.
  await app.register(fastifyCookie);
  registerAccessControl(app, users.resolveUser);
  registerStrictQuery(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // GIPHY's media hosts only when /news/gif may answer with a GIPHY image.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.giphyApiKey ? GIPHY_MEDIA_ORIGINS : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many requests. Please try again in ${context.after}.`),
  });
  await registerOpenApi(app, config.publicUrl, APP_VERSION);

  await app.register(
    (api, _options, done) => {
      const zodApi = api.withTypeProvider<ZodTypeProvider>();
      siteRoutes(zodApi, deps);
      users.routes(zodApi);
      companyRoutes(zodApi, { companies: createCompanyRepository(deps.db), clock });
      const analyses = createAnalysisRepository(deps.db);
      analysisRoutes(zodApi, {
        repository: analyses,
        service: createAnalysisService({
          repository: analyses,
          ai,
          log: deps.log,
          clock,
        }),
        clock,
      });
      priceRoutes(zodApi, { history: market.history, source: marketData.name, clock });
      quoteRoutes(zodApi, {
        quotes: market.quotes,
        repository: market.quotesRepository,
        jobs: deps.jobs,
        limiter,
        clock,
      });
      watchlistRoutes(zodApi, { watchlists, quotes: market.quotes });
      newsGifRoutes(zodApi, { db: deps.db, config, clock });
      newsRoutes(zodApi, {
        db: deps.db,
        enrich: createNewsEnrichService({ db: deps.db, ai, log: deps.log }),
        clock,
        limiter,
      });
      newsTranslateRoutes(zodApi, {
        translate: createNewsTranslateService({ db: deps.db, ai, log: deps.log }),
        limiter,
      });
      entitySetterRoutes(zodApi, { ...users.setters, news: createNewsSetter(deps.db) });
      done();
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}
