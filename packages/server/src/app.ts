import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccessControl } from './http/access.ts';
import { entitySetterRoutes } from './http/entity-setters.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { badRequest, tooManyRequests } from './http/errors.ts';
import { registerInvalidTextGuard } from './http/reject-invalid-text.ts';
import { registerStrictQuery } from './http/strict-query.ts';
import { registerOpenApi } from './http/openapi.ts';
import { createSerializerCompiler } from './http/serializer.ts';
import { registerHttpCache } from './http/http-cache.ts';
import { registerCompression } from './http/compression.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { providerSummary } from './config.ts';
import { testModeNotice } from './http/test-mode-notice.ts';
import { registerWebApp } from './http/web-app.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { analysisRoutes } from './modules/analysis/analysis.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { marketCalendarRoutes } from './modules/market-calendar/market-calendar.routes.ts';
import { commentRoutes } from './modules/comments/comment.routes.ts';
import { companyRoutes } from './modules/companies/company.routes.ts';
import { createServices, type ServiceDeps, type Services } from './modules/create-services.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { newsGifRoutes } from './modules/news/news-gif.routes.ts';
import { newsTranslateRoutes } from './modules/news/news-translate.routes.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { newsSourcesRoutes } from './modules/news-sources/news-sources.routes.ts';
import { portfolioRoutes } from './modules/portfolio/portfolio.routes.ts';
import { priceRoutes } from './modules/prices/price.routes.ts';
import { promptStreamRoutes } from './modules/prompts/prompt-stream.routes.ts';
import { promptRoutes } from './modules/prompts/prompt.routes.ts';
import { quoteRoutes } from './modules/quotes/quote.routes.ts';
import { recommendationRoutes } from './modules/recommendations/recommendation.routes.ts';
import { siteFiguresRoutes } from './modules/site/site-figures.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { alertRoutes } from './modules/alerts/alerts.routes.ts';
import { unsubscribeRoutes } from './modules/unsubscribe/unsubscribe.routes.ts';
import { alertRuleRoutes } from './modules/alert-rules/alert-rule.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { blogRoutes } from './modules/blog/blog.routes.ts';
import { telegramRoutes } from './modules/telegram/telegram.routes.ts';
import { trackRecordRoutes } from './modules/track-record/track-record.routes.ts';
import { adminUserRoutes } from './modules/users/admin.routes.ts';
import { userRoutes } from './modules/users/user.routes.ts';
import { watchlistRoutes } from './modules/watchlists/watchlist.routes.ts';
import { widgetRoutes } from './modules/widgets/widget.routes.ts';
import { screenerRoutes } from './modules/screener/screener.routes.ts';
import { GIPHY_MEDIA_ORIGINS } from './providers/gif/giphy.ts';
import { APP_VERSION } from './version.ts';

/**
 * What the app runs on. The process passes the services it built for the worker too; tests
 * may leave them out and the app builds them from the same dependencies.
 */
export type AppDeps = ServiceDeps & { services?: Services };

const FRAGMENT_REFUSED =
  "A request target cannot contain '#' (a URL fragment stays in the browser).";

/** Builds the whole HTTP application; `main.ts` and the tests call it with their own deps. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const services = deps.services ?? createServices(deps);
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
  // A fragment is never part of a request a browser sends; a target holding one is refused before
  // authentication reads its query, so nothing after '#' can pass for a credential.
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.raw.url?.includes('#') ? badRequest(FRAGMENT_REFUSED) : undefined);
  });
  app.setValidatorCompiler(validatorCompiler);
  // Each response schema compiled once into a fast-json-stringify writer (http/serializer.ts).
  app.setSerializerCompiler(createSerializerCompiler(app.log));
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

  // Services the app built itself are its to release.
  if (!deps.services) {
    app.addHook('onClose', (_instance, done) => {
      services.close();
      done();
    });
  }
  const { users, news, market } = services;

  registerErrorHandler(app);
  // Cookies are parsed before the access hook, which may read the session cookie.
  await app.register(fastifyCookie);
  registerAccessControl(app, users.resolveUser);
  registerStrictQuery(app);
  registerInvalidTextGuard(app);
  // After the cookie plugin (its Set-Cookie is written first) and before compression.
  registerHttpCache(app);
  await registerCompression(app);
  registerSecurityHeaders(app, {
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
      siteRoutes(zodApi, {
        checkDatabase: services.checkDatabase,
        providers: providerSummary(config),
        testMode: config.testMode,
      });
      userRoutes(zodApi, {
        config,
        userService: users.userService,
        approvals: users.approvals,
        sessions: users.sessions,
        sessionRow: users.sessionRow,
      });
      adminUserRoutes(zodApi, { approvals: users.approvals });
      companyRoutes(zodApi, {
        companies: services.companies,
        clock: services.clock,
        debug: {
          hasDebugInterface: users.hasDebugInterface,
          limiter: services.limiter,
          jobs: deps.jobs,
        },
      });
      analysisRoutes(zodApi, {
        service: services.analysis,
        clock: services.clock,
        onChange: services.promptReadCache?.onAnalysesChange,
      });
      priceRoutes(zodApi, {
        history: market.history,
        source: services.marketData.name,
        clock: services.clock,
      });
      quoteRoutes(zodApi, {
        quotes: market.quotes,
        jobs: deps.jobs,
        limiter: services.limiter,
        clock: services.clock,
      });
      watchlistRoutes(zodApi, { watchlists: services.watchlists, quotes: market.quotes });
      portfolioRoutes(zodApi, { portfolio: services.portfolio });
      newsGifRoutes(zodApi, { gifs: services.gifs });
      newsRoutes(zodApi, { news });
      newsSourcesRoutes(zodApi, { sources: services.newsSources });
      newsTranslateRoutes(zodApi, { translate: services.translate, limiter: services.limiter });
      promptRoutes(zodApi, { prompts: services.prompts, reads: services.promptReads });
      promptStreamRoutes(zodApi, { prompts: services.prompts });
      calendarRoutes(zodApi, { calendar: services.calendar });
      marketCalendarRoutes(zodApi, { marketCalendar: services.marketCalendar });
      recommendationRoutes(zodApi, { recommendations: services.recommendations });
      widgetRoutes(zodApi, { widgets: services.widgets });
      screenerRoutes(zodApi, { screener: services.screener, clock: services.clock });
      billingRoutes(zodApi, { billing: services.billing, sessionRow: users.sessionRow });
      newsletterRoutes(zodApi, { newsletter: services.newsletter });
      alertRoutes(zodApi, { alerts: services.alerts, sessionRow: users.sessionRow });
      unsubscribeRoutes(zodApi, { unsubscribe: services.unsubscribe });
      pushRoutes(zodApi, { push: services.push });
      alertRuleRoutes(zodApi, { alertRules: services.alertRules, sessionRow: users.sessionRow });
      contactRoutes(zodApi, { contact: services.contact, details: config.contact });
      siteFiguresRoutes(zodApi, { figures: services.siteFigures });
      devRoutes(zodApi, { googleMapsKey: config.googleMapsKey });
      blogRoutes(zodApi, { blog: services.blog });
      telegramRoutes(zodApi, { telegram: services.telegram, settings: config.telegram });
      trackRecordRoutes(zodApi, { trackRecord: services.trackRecord });
      commentRoutes(zodApi, { comments: services.comments });
      liveRoutes(zodApi, { bus: services.live });
      entitySetterRoutes(zodApi, {
        user: users.userSetter,
        news: (...args) => news.setProperty(...args),
      });
      done();
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir, services.seo, testModeNotice(config.testMode));
  return app;
}
