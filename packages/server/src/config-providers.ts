import type { AppConfig } from './config.ts';
import { ConfigError, type ParsedEnv } from './config-env.ts';

/*
 * The settings of the real providers (push, Telegram, Stripe), each checked as a whole, and the
 * rule that a public server names its providers instead of running the demo ones by default.
 */

/** The VAPID_* settings: both keys or neither; the subject defaults to the site or its contact. */
export function pushSettings(e: ParsedEnv, publicUrl: string): AppConfig['push'] {
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    const missing = e.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    throw new ConfigError(
      `Invalid configuration: ${missing}: is required with the other VAPID key (set both or neither)`,
    );
  }
  return {
    publicKey: e.VAPID_PUBLIC_KEY,
    privateKey: e.VAPID_PRIVATE_KEY,
    subject:
      e.VAPID_SUBJECT ??
      (publicUrl.startsWith('https://') ? publicUrl : `mailto:${e.CONTACT_EMAIL}`),
  };
}

/** The TELEGRAM_* settings; webhook mode needs its secret token (Telegram sends it back). */
export function telegramSettings(e: ParsedEnv): AppConfig['telegram'] {
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

/** Whether an address only this machine reaches (localhost, 127.0.0.0/8, ::1). */
export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1'
  );
}

/**
 * A server the public reaches never runs a test provider by default: the offline payments
 * provider (anyone could subscribe with the test card), the demo market data or the demo news
 * must be named in the environment to run there.
 */
export function refuseDefaultTestProviders(env: NodeJS.ProcessEnv, publicUrl: string): void {
  const defaults: [string, string][] = [
    [
      'PAYMENTS_PROVIDER',
      'PAYMENTS_PROVIDER=stripe (or PAYMENTS_PROVIDER=offline for a test-mode site)',
    ],
    ['MARKET_DATA', 'MARKET_DATA=yahoo (or MARKET_DATA=demo for demo prices)'],
    ['NEWS_SOURCES', 'NEWS_SOURCES with real sources (or NEWS_SOURCES=demo for demo news)'],
  ];
  for (const [name, advice] of defaults) {
    if (env[name] === undefined) {
      throw new ConfigError(
        `Invalid configuration: ${name}: is required on a public server (PUBLIC_URL ${publicUrl}); set ${advice}`,
      );
    }
  }
  // Each process would sign the test checkout's events with a secret of its own.
  if (env.PAYMENTS_PROVIDER === 'offline' && env.PAYMENTS_OFFLINE_SECRET === undefined) {
    throw new ConfigError(
      'Invalid configuration: PAYMENTS_OFFLINE_SECRET: is required when PAYMENTS_PROVIDER=offline on a public server',
    );
  }
}

/** The STRIPE_* settings, each required when PAYMENTS_PROVIDER=stripe. */
export function stripeSettings(e: ParsedEnv): NonNullable<AppConfig['stripe']> {
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
