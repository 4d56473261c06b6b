import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);

const commaList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url()));

const httpUrl = z
  .url()
  .refine((url) => /^https?:\/\//.test(url), 'must be an http:// or https:// URL');

/** The named news sources; anything else must be an http(s) feed URL. */
const NAMED_NEWS_SOURCES = ['demo', 'edgar', 'yahoo'] as const;

/**
 * `demo`, `edgar`, `yahoo` or an http(s) feed URL, optionally written `rss:<url>`; normalised to
 * the name or the URL.
 */
const newsSourceList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().replace(/^rss:/i, ''))
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z.union([
          z.enum(NAMED_NEWS_SOURCES),
          z
            .url()
            .refine(
              (url) => /^https?:\/\//.test(url),
              'must be demo, edgar, yahoo or an http(s) feed URL',
            ),
        ]),
      )
      .min(1),
  );

/** Every environment variable the product reads, with its default. The README's table mirrors it. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port(3000),
  HOST: z.string().min(1).default('localhost'),
  DATABASE_URL: z
    .url()
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL')
    .optional(),
  DATABASE_READ_URL: z
    .url()
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  EMBEDDED_PG_PORT: port(0),
  PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: commaList.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z.stringbool().default(false),
  SMTP_URL: z
    .url()
    .refine((url) => /^smtps?:\/\//.test(url), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('StockPulse <no-reply@stockpulse.local>'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_MODE: z.stringbool().default(true),
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
  /** Resolved sessions kept in each API process, dropped on the database's change notices (issue 18); off in tests unless asked. */
  SESSION_CACHE: z.enum(['on', 'off']).optional(),
  /** Prompt lists, prompts, the queue and company analyses kept serialised in each API process, dropped on the database's change notices (issue 18); off in tests unless asked. */
  PROMPT_CACHE: z.enum(['on', 'off']).optional(),
  /** Comment pages kept serialised in each API process, dropped on the database's change notices (issue 18); off in tests unless asked. */
  COMMENTS_CACHE: z.enum(['on', 'off']).optional(),
  /** Portfolio snapshots and ledgers answered from memory in each API process, dropped on the database's change notices (issue 18); off in tests unless asked. */
  PORTFOLIO_CACHE: z.enum(['on', 'off']).optional(),
  /** Users' watchlists kept in each API process, dropped on the database's change notices (issue 18); off in tests unless asked. */
  WATCHLIST_CACHE: z.enum(['on', 'off']).optional(),
  ALERT_SETTINGS_CACHE: z.enum(['on', 'off']).optional(),
  ADMIN_PAGE_CACHE: z.enum(['on', 'off']).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  CLOCK_START: z.iso
    .datetime({ offset: true })
    .transform((value) => new Date(value))
    .optional(),
  MARKET_DATA: z.enum(['demo', 'yahoo']).default('demo'),
  YAHOO_BASE_URL: z
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'must be an http:// or https:// URL')
    .optional(),
  YAHOO_REQUESTS_PER_SECOND: z.coerce.number().positive().max(100).default(2),
  NEWS_SOURCES: newsSourceList.default(['demo']),
  NEWS_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  NEWS_FULL_TEXT: z.stringbool().default(true),
  EDGAR_BASE_URL: httpUrl.default('https://www.sec.gov'),
  EDGAR_USER_AGENT: z.string().min(5).default('StockPulse news reader admin@stockpulse.local'),
  AI_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  OPENAI_BASE_URL: httpUrl.default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  AI_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  OPENAI_PRICE_PER_1K_TOKENS_USD: z.coerce.number().min(0).max(1_000).optional(),
  GIPHY_API_KEY: z.string().min(1).optional(),
  GIPHY_BASE_URL: httpUrl.default('https://api.giphy.com'),
  PAYMENTS_PROVIDER: z.enum(['offline', 'stripe']).default('offline'),
  PAYMENTS_OFFLINE_SECRET: z.string().min(16).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_TIER1: z.string().min(1).optional(),
  STRIPE_PRICE_TIER2: z.string().min(1).optional(),
  STRIPE_PRICE_TIER3: z.string().min(1).optional(),
  STRIPE_API_BASE: httpUrl.optional(),
  STRIPE_CURRENCY: z.string().length(3).toLowerCase().default('usd'),
  /** Google Maps browser key of the developer gallery's map demos (issue 19); off when unset. */
  GOOGLE_MAPS_KEY: z.string().trim().min(1).optional(),
  CONTACT_EMAIL: z.email().default('support@stockpulse.app'),
  CONTACT_PHONE: z.string().trim().min(3).max(40).default('+44 20 7946 0321'),
  CONTACT_ADDRESS: z
    .string()
    .default('StockPulse Ltd., 20 Market Street, London EC2A 4NE, United Kingdom')
    .transform((value) =>
      value
        .split(';')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(200)).min(1, 'must name at least one address')),
  TELEGRAM_BOT_TOKEN: z.string().trim().min(1).optional(),
  TELEGRAM_API_ROOT: httpUrl.default('https://api.telegram.org'),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .trim()
    .regex(/^@?[A-Za-z0-9_]{5,32}$/, 'must be a Telegram bot username')
    .optional(),
  TELEGRAM_MODE: z.enum(['polling', 'webhook']).default('polling'),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16-256 letters, digits, _ or -')
    .optional(),
  TELEGRAM_COMMUNITY_URL: httpUrl.optional(),
  TELEGRAM_CHANNEL_URL: httpUrl.optional(),
  PORTFOLIO_BENCHMARK: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]+:[A-Z0-9.^-]+$/, 'must be a listing such as NYSEARCA:SPY')
    .optional(),
});

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
  /** Whether API processes keep users' alert settings in memory (alerts/alert-settings-cache.ts). */
  alertSettingsCache: boolean;
  /** Whether API processes answer unchanged admin pages from memory (admin/page-notices.ts). */
  adminPageCache: boolean;
  /** Business time starts here when set (ISO date-time) and runs on; unset: the machine's clock. */
  clockStart: Date | undefined;
  marketData: 'demo' | 'yahoo';
  yahooBaseUrl: string | undefined;
  yahooRequestsPerSecond: number;
  /** News sources in order: `demo`, `edgar`, `yahoo` or RSS/Atom feed URLs. */
  newsSources: string[];
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
  contact: { email: string; phone: string; addresses: string[] };
  /** The Telegram bot (issue 16): off without a token; the menus' links shown only when set. */
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
  /** Billing (issue 13): `offline` serves its own test checkout; `stripe` needs the STRIPE_* settings. */
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

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment once; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
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
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    publicUrl,
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
    alertSettingsCache: (e.ALERT_SETTINGS_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    adminPageCache: (e.ADMIN_PAGE_CACHE ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    clockStart: e.CLOCK_START,
    marketData: e.MARKET_DATA,
    yahooBaseUrl: e.YAHOO_BASE_URL,
    yahooRequestsPerSecond: e.YAHOO_REQUESTS_PER_SECOND,
    newsSources: [...new Set(e.NEWS_SOURCES)],
    newsFetchTimeoutMs: e.NEWS_FETCH_TIMEOUT_MS,
    newsFullText: e.NEWS_FULL_TEXT,
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
    contact: { email: e.CONTACT_EMAIL, phone: e.CONTACT_PHONE, addresses: e.CONTACT_ADDRESS },
    telegram: telegramSettings(e),
    portfolioBenchmark: e.PORTFOLIO_BENCHMARK,
    paymentsProvider: e.PAYMENTS_PROVIDER,
    paymentsOfflineSecret: e.PAYMENTS_OFFLINE_SECRET,
    stripe: e.PAYMENTS_PROVIDER === 'stripe' ? stripeSettings(e) : null,
  };
}

/** The TELEGRAM_* settings; webhook mode needs its secret token (Telegram sends it back). */
function telegramSettings(e: z.output<typeof envSchema>): AppConfig['telegram'] {
  if (e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_MODE === 'webhook' && !e.TELEGRAM_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration: TELEGRAM_WEBHOOK_SECRET: is required when TELEGRAM_MODE=webhook',
    );
  }
  return {
    botToken: e.TELEGRAM_BOT_TOKEN,
    apiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
    botUsername: e.TELEGRAM_BOT_USERNAME?.replace(/^@/, ''),
    mode: e.TELEGRAM_MODE,
    webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
    communityUrl: e.TELEGRAM_COMMUNITY_URL,
    channelUrl: e.TELEGRAM_CHANNEL_URL,
  };
}

/** The STRIPE_* settings, each required when PAYMENTS_PROVIDER=stripe. */
function stripeSettings(e: z.output<typeof envSchema>): NonNullable<AppConfig['stripe']> {
  const need = (name: keyof typeof e) => {
    const value = e[name];
    if (typeof value !== 'string' || value === '') {
      throw new ConfigError(
        `Invalid configuration: ${name}: is required when PAYMENTS_PROVIDER=stripe`,
      );
    }
    return value;
  };
  return {
    secretKey: need('STRIPE_SECRET_KEY'),
    webhookSecret: need('STRIPE_WEBHOOK_SECRET'),
    prices: {
      tier1_monthly: need('STRIPE_PRICE_TIER1'),
      tier2_monthly: need('STRIPE_PRICE_TIER2'),
      tier3_monthly: need('STRIPE_PRICE_TIER3'),
    },
    apiBase: e.STRIPE_API_BASE,
    currency: e.STRIPE_CURRENCY,
  };
}

/** Test and benchmark settings that are not part of the product's configuration. */
export function readTestDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env.TEST_DATABASE_URL;
  return value && value.length > 0 ? value : undefined;
}
