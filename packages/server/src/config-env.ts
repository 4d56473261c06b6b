import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
const NAMED_NEWS_SOURCES = ['demo', 'default', 'edgar', 'yahoo'] as const;

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
              'must be demo, default, edgar, yahoo or an http(s) feed URL',
            ),
        ]),
      )
      .min(1),
  );

/** Every environment variable the product reads, with its default. The README's table mirrors it. */
export const envSchema = z.object({
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
  /** Resolved sessions kept in each API process, dropped on the database's change notices; off in tests unless asked. */
  SESSION_CACHE: z.enum(['on', 'off']).optional(),
  /** Prompt lists, prompts, the queue and company analyses kept serialised in each API process, dropped on the database's change notices; off in tests unless asked. */
  PROMPT_CACHE: z.enum(['on', 'off']).optional(),
  /** Comment pages kept serialised in each API process, dropped on the database's change notices; off in tests unless asked. */
  COMMENTS_CACHE: z.enum(['on', 'off']).optional(),
  /** Portfolio snapshots and ledgers answered from memory in each API process, dropped on the database's change notices; off in tests unless asked. */
  PORTFOLIO_CACHE: z.enum(['on', 'off']).optional(),
  /** Users' watchlists kept in each API process, dropped on the database's change notices; off in tests unless asked. */
  WATCHLIST_CACHE: z.enum(['on', 'off']).optional(),
  /** Users' referral pages kept in each API process, dropped on the database's change notices; off in tests unless asked. */
  REFERRAL_CACHE: z.enum(['on', 'off']).optional(),
  /** Users' own calendar events kept in each API process, dropped on the database's change notices; off in tests unless asked. */
  CALENDAR_CACHE: z.enum(['on', 'off']).optional(),
  /** Users' dashboard widgets kept in each API process, dropped on the database's change notices; off in tests unless asked. */
  WIDGETS_CACHE: z.enum(['on', 'off']).optional(),
  /** Visitors' screener answers kept in each API process until the metrics refresh's notice; off in tests unless asked. */
  SCREENER_CACHE: z.enum(['on', 'off']).optional(),
  /** Every listing's screener metrics held in memory in each API process until the metrics refresh's notice, answering any screen without PostgreSQL; off in tests unless asked. */
  SCREENER_SNAPSHOT: z.enum(['on', 'off']).optional(),
  /** The market calendar's weeks of the whole market, its public answers and the private feeds kept in each API process until the notices that change them; off in tests unless asked. */
  MARKET_CALENDAR_CACHE: z.enum(['on', 'off']).optional(),
  ALERT_SETTINGS_CACHE: z.enum(['on', 'off']).optional(),
  ALERT_INBOX_CACHE: z.enum(['on', 'off']).optional(),
  ALERT_RULES_CACHE: z.enum(['on', 'off']).optional(),
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
  NEWS_FEEDS_PRIVATE_ADDRESSES: z.stringbool().default(false),
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
  /** Google Maps browser key of the developer gallery's map demos; off when unset. */
  GOOGLE_MAPS_KEY: z.string().trim().min(1).optional(),
  CONTACT_EMAIL: z.email().default('support@stockpulse.app'),
  /** Where the privacy and legal pages send their readers; CONTACT_EMAIL when unset. */
  CONTACT_PRIVACY_EMAIL: z.email().optional(),
  CONTACT_LEGAL_EMAIL: z.email().optional(),
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
  /** Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it); unset: made once and kept in the database. */
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services may contact about our notifications: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
    .optional(),
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

/** The environment as parsed, before it becomes the AppConfig (config.ts). */
export type ParsedEnv = z.output<typeof envSchema>;

/** A setting missing or invalid: the server refuses to start and says which and why. */
export class ConfigError extends Error {}
