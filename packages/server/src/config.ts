import type { ProviderSummary } from '@app/shared/api/health';
import type { SiteContact } from '@app/shared/api/site';
import path from 'node:path';
import type { LOG_LEVELS } from './config-env.ts';
import { ConfigError, envSchema } from './config-env.ts';
import {
  isLoopback,
  pushSettings,
  refuseDefaultTestProviders,
  stripeSettings,
  telegramSettings,
} from './config-providers.ts';

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** A read replica for read-heavy public reads that tolerate its lag; unset: the primary. */
  databaseReadUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  publicUrl: string;
  /** Whether the public reaches this server: a PUBLIC_URL that is not a loopback address. */
  publicServer: boolean;
  /**
   * The test providers a public server was told to run (PAYMENTS_PROVIDER=offline,
   * MARKET_DATA=demo, NEWS_SOURCES=demo): every page then says so, and test-mode purchases earn
   * no referral credit. Empty on a loopback address, where the demo is the point.
   */
  testMode: TestModeKind[];
  corsOrigins: string[];
  logLevel: (typeof LOG_LEVELS)[number];
  webDistDir: string;
  shutdownTimeoutMs: number;
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoMode: boolean;
  rateLimitScale: number;
  /** Whether API processes keep resolved sessions in memory (users/session-cache.ts). */
  sessionCache: boolean;
  /** Whether API processes keep serialised prompt answers in memory (prompts/prompt-read-cache.ts). */
  promptCache: boolean;
  /** Whether API processes keep comment answers in memory (comments/comment-page-cache.ts). */
  commentsCache: boolean;
  /** Whether API processes answer unchanged portfolio snapshots from memory (portfolio/portfolio-notices.ts). */
  portfolioCache: boolean;
  /** Whether API processes keep users' watchlists in memory (watchlists/watchlist-cache.ts). */
  watchlistCache: boolean;
  /** Whether API processes keep users' referral pages in memory (billing/referral-cache.ts). */
  referralCache: boolean;
  /** Whether API processes keep users' own calendar events in memory (calendar/calendar-cache.ts). */
  calendarCache: boolean;
  /** Whether API processes keep users' dashboard widgets in memory (widgets/widget-cache.ts). */
  widgetsCache: boolean;
  screenerCache: boolean;
  screenerSnapshot: boolean;
  /** Whether API processes keep the market calendar's weeks and public answers (market-calendar/market-calendar-cache.ts). */
  marketCalendarCache: boolean;
  /** Whether API processes keep users' alert settings in memory (alerts/alert-settings-cache.ts). */
  alertSettingsCache: boolean;
  /** Whether API processes keep users' bell answers in memory (alerts/alert-inbox-cache.ts). */
  alertInboxCache: boolean;
  /** Whether API processes keep users' alert rules and history in memory (alert-rules/alert-rule-cache.ts). */
  alertRulesCache: boolean;
  /** Whether API processes answer unchanged admin pages from memory (cache/page-notices.ts). */
  adminPageCache: boolean;
  /** Business time starts here when set (ISO date-time) and runs on; unset: the machine's clock. */
  clockStart: Date | undefined;
  marketData: 'demo' | 'yahoo';
  yahooBaseUrl: string | undefined;
  yahooRequestsPerSecond: number;
  /** News sources in order: `demo`, `edgar`, `yahoo` or RSS/Atom feed URLs. */
  newsSources: string[];
  /** Admin-added feeds may reach loopback and private addresses (off: SSRF). */
  newsFeedsPrivateAddresses: boolean;
  newsFetchTimeoutMs: number;
  /** Fetch each new article's page and extract its full text (readability). */
  newsFullText: boolean;
  edgarBaseUrl: string;
  /** SEC asks every client to identify itself with a name and an e-mail address. */
  edgarUserAgent: string;
  aiProvider: 'offline' | 'openai';
  openaiBaseUrl: string;
  openaiApiKey: string | undefined;
  openaiModel: string;
  openaiTimeoutMs: number;
  /** Prompts a worker process answers at the same time (the AI queue). */
  aiConcurrency: number;
  /** What the model costs per 1,000 tokens (prompt and completion), to record a cost per prompt. */
  openaiPricePer1kTokensUsd: number | undefined;
  /** With a key, /news/gif asks GIPHY first and falls back to the bundled animations. */
  giphyApiKey: string | undefined;
  giphyBaseUrl: string;
  /** GOOGLE_MAPS_KEY: the developer gallery loads Google Maps only with it. */
  googleMapsKey: string | undefined;
  /** The public site's contact details (footer, contact page); addresses are `;`-separated. */
  contact: SiteContact;
  /** Web Push: the VAPID key pair from the environment (else the database's) and its contact. */
  push: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /** The Telegram bot: off without a token; the menus' links shown only when set. */
  telegram: {
    botToken: string | undefined;
    apiRoot: string;
    /** Without it the bot asks Telegram (getMe). */
    botUsername: string | undefined;
    mode: 'polling' | 'webhook';
    webhookSecret: string | undefined;
    communityUrl: string | undefined;
    channelUrl: string | undefined;
  };
  /** The portfolio benchmark's listing; unset: the equal-weighted universe of stored listings. */
  portfolioBenchmark: string | undefined;
  /** Billing: `offline` serves its own test checkout; `stripe` needs the STRIPE_* settings. */
  paymentsProvider: 'offline' | 'stripe';
  /** Signs the offline provider's events; unset: a random secret per process. */
  paymentsOfflineSecret: string | undefined;
  stripe: {
    secretKey: string;
    webhookSecret: string;
    prices: Record<'tier1_monthly' | 'tier2_monthly' | 'tier3_monthly', string>;
    apiBase: string | undefined;
    currency: string;
  } | null;
};

export type TestModeKind = 'payments' | 'market' | 'news';

export { ConfigError } from './config-env.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment once; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(given: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty value is an unset one: compose's `${NAME:-}` passes '' for what the operator left out.
  const env = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = env[name] === undefined ? '' : ` (got '${env[name]}')`;
    throw new ConfigError(
      `Invalid configuration: ${name}: ${issue?.message ?? 'is invalid'}${got}`,
    );
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const publicServer = e.NODE_ENV !== 'test' && !isLoopback(publicUrl);
  if (publicServer) refuseDefaultTestProviders(env, publicUrl);
  const testMode: TestModeKind[] = publicServer
    ? [
        ...(e.PAYMENTS_PROVIDER === 'offline' ? (['payments'] as const) : []),
        ...(e.MARKET_DATA === 'demo' ? (['market'] as const) : []),
        ...(e.NEWS_SOURCES.includes('demo') ? (['news'] as const) : []),
      ]
    : [];
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    publicUrl,
    publicServer,
    testMode,
    corsOrigins: e.CORS_ORIGINS ?? [new URL(publicUrl).origin],
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'packages/web/dist')),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    demoMode: e.DEMO_MODE,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    sessionCache: (e.SESSION_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    promptCache: (e.PROMPT_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    commentsCache: (e.COMMENTS_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    portfolioCache: (e.PORTFOLIO_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    watchlistCache: (e.WATCHLIST_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    referralCache: (e.REFERRAL_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    calendarCache: (e.CALENDAR_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    widgetsCache: (e.WIDGETS_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    screenerCache: (e.SCREENER_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    screenerSnapshot: (e.SCREENER_SNAPSHOT ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    marketCalendarCache:
      (e.MARKET_CALENDAR_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    alertSettingsCache: (e.ALERT_SETTINGS_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    alertInboxCache: (e.ALERT_INBOX_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    alertRulesCache: (e.ALERT_RULES_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    adminPageCache: (e.ADMIN_PAGE_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    clockStart: e.CLOCK_START,
    marketData: e.MARKET_DATA,
    yahooBaseUrl: e.YAHOO_BASE_URL,
    yahooRequestsPerSecond: e.YAHOO_REQUESTS_PER_SECOND,
    newsSources: [...new Set(e.NEWS_SOURCES)],
    newsFetchTimeoutMs: e.NEWS_FETCH_TIMEOUT_MS,
    newsFullText: e.NEWS_FULL_TEXT,
    newsFeedsPrivateAddresses: e.NEWS_FEEDS_PRIVATE_ADDRESSES,
    edgarBaseUrl: e.EDGAR_BASE_URL.replace(/\/+$/, ''),
    edgarUserAgent: e.EDGAR_USER_AGENT,
    aiProvider: e.AI_PROVIDER,
    openaiBaseUrl: e.OPENAI_BASE_URL.replace(/\/+$/, ''),
    openaiApiKey: e.OPENAI_API_KEY,
    openaiModel: e.OPENAI_MODEL,
    openaiTimeoutMs: e.OPENAI_TIMEOUT_MS,
    aiConcurrency: e.AI_CONCURRENCY,
    openaiPricePer1kTokensUsd: e.OPENAI_PRICE_PER_1K_TOKENS_USD,
    giphyApiKey: e.GIPHY_API_KEY,
    giphyBaseUrl: e.GIPHY_BASE_URL.replace(/\/+$/, ''),
    googleMapsKey: e.GOOGLE_MAPS_KEY,
    contact: {
      email: e.CONTACT_EMAIL,
      privacy_email: e.CONTACT_PRIVACY_EMAIL ?? e.CONTACT_EMAIL,
      legal_email: e.CONTACT_LEGAL_EMAIL ?? e.CONTACT_EMAIL,
      phone: e.CONTACT_PHONE,
      addresses: e.CONTACT_ADDRESS,
    },
    push: pushSettings(e, publicUrl),
    telegram: telegramSettings(e),
    portfolioBenchmark: e.PORTFOLIO_BENCHMARK,
    paymentsProvider: e.PAYMENTS_PROVIDER,
    paymentsOfflineSecret: e.PAYMENTS_OFFLINE_SECRET,
    stripe: e.PAYMENTS_PROVIDER === 'stripe' ? stripeSettings(e) : null,
  };
}

/** Test and benchmark settings that are not part of the product's configuration. */
export function readTestDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env.TEST_DATABASE_URL;
  return value && value.length > 0 ? value : undefined;
}

/**
 * Which implementation serves each provider kind, as `/api/health` reports it: an operator
 * checks a deployment runs the real ones without reading its environment.
 */
export function providerSummary(config: AppConfig): ProviderSummary {
  const named = config.newsSources.filter((source) => !/^https?:/.test(source));
  const feeds = config.newsSources.length - named.length;
  return {
    market: config.marketData,
    news: [...named, ...(feeds > 0 ? [`${feeds} feed${feeds === 1 ? '' : 's'}`] : [])].join(', '),
    payments: config.paymentsProvider,
    ai: config.aiProvider,
    mail: config.smtpUrl ? 'smtp' : 'outbox',
    telegram: config.telegram.botToken ? config.telegram.mode : 'off',
  };
}
