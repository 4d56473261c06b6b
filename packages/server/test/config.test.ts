import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, providerSummary } from '../src/config.ts';

describe('configuration', () => {
  it('uses port 3000, ./data and an embedded database by default', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.corsOrigins).toEqual(['http://localhost:3000']);
    expect(config.logLevel).toBe('info');
  });

  it('stops with one line naming the variable when a value is invalid', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      /^Invalid configuration: PORT: .*\(got 'abc'\)$/,
    );
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('accepts only postgres URLs for DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x@y/z' })).toThrow(/DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app' }).databaseUrl).toBe(
      'postgres://u:p@db:5432/app',
    );
  });

  it('derives the CORS allowlist from PUBLIC_URL unless CORS_ORIGINS is given', () => {
    const providers = {
      PAYMENTS_PROVIDER: 'offline',
      MARKET_DATA: 'demo',
      NEWS_SOURCES: 'demo',
      PAYMENTS_OFFLINE_SECRET: 'x'.repeat(32),
    };
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/', ...providers }).corsOrigins).toEqual([
      'https://example.com',
    ]);
    expect(
      loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
    expect(() => loadConfig({ CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/);
  });

  it('takes both VAPID keys or neither, and a mailto: or https: subject', () => {
    const pub = `B${'A'.repeat(86)}`;
    const priv = 'A'.repeat(43);
    expect(loadConfig({}).push).toEqual({
      publicKey: undefined,
      privateKey: undefined,
      subject: 'mailto:support@stockpulse.app',
    });
    expect(
      loadConfig({
        VAPID_PUBLIC_KEY: pub,
        VAPID_PRIVATE_KEY: priv,
        PUBLIC_URL: 'https://sp.example',
        NODE_ENV: 'test',
      }).push,
    ).toEqual({ publicKey: pub, privateKey: priv, subject: 'https://sp.example' });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pub })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: priv })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ftp://x' })).toThrow(/VAPID_SUBJECT/);
  });

  it('reads boolean switches strictly', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  it('uses the demo market data unless MARKET_DATA selects Yahoo', () => {
    const defaults = loadConfig({});
    expect(defaults.marketData).toBe('demo');
    expect(defaults.yahooBaseUrl).toBeUndefined();
    expect(defaults.yahooRequestsPerSecond).toBe(2);
    const yahoo = loadConfig({
      MARKET_DATA: 'yahoo',
      YAHOO_BASE_URL: 'http://127.0.0.1:4010',
      YAHOO_REQUESTS_PER_SECOND: '0.5',
    });
    expect(yahoo.marketData).toBe('yahoo');
    expect(yahoo.yahooBaseUrl).toBe('http://127.0.0.1:4010');
    expect(yahoo.yahooRequestsPerSecond).toBe(0.5);
    expect(() => loadConfig({ MARKET_DATA: 'bloomberg' })).toThrow(/MARKET_DATA/);
    expect(() => loadConfig({ YAHOO_BASE_URL: 'ftp://example.com' })).toThrow(/YAHOO_BASE_URL/);
    expect(() => loadConfig({ YAHOO_REQUESTS_PER_SECOND: '0' })).toThrow(
      /YAHOO_REQUESTS_PER_SECOND/,
    );
  });

  it('reads the bundled news wire unless NEWS_SOURCES names feeds', () => {
    const defaults = loadConfig({});
    expect(defaults.newsSources).toEqual(['demo']);
    expect(defaults.newsFetchTimeoutMs).toBe(10_000);
    const feeds = loadConfig({
      NEWS_SOURCES: 'demo, rss:https://example.com/markets.xml,http://127.0.0.1:4020/atom',
      NEWS_FETCH_TIMEOUT_MS: '2500',
    });
    expect(feeds.newsSources).toEqual([
      'demo',
      'https://example.com/markets.xml',
      'http://127.0.0.1:4020/atom',
    ]);
    expect(feeds.newsFetchTimeoutMs).toBe(2500);
    expect(() => loadConfig({ NEWS_SOURCES: 'ftp://example.com/feed' })).toThrow(/NEWS_SOURCES/);
    expect(() => loadConfig({ NEWS_SOURCES: 'reuters' })).toThrow(/NEWS_SOURCES/);
  });

  it('names EDGAR, Yahoo news and full-text extraction in NEWS_SOURCES and its settings', () => {
    const defaults = loadConfig({});
    expect(defaults.newsFullText).toBe(true);
    expect(defaults.edgarBaseUrl).toBe('https://www.sec.gov');
    expect(defaults.edgarUserAgent).toMatch(/@/);
    const named = loadConfig({
      NEWS_SOURCES: 'edgar, yahoo,demo,edgar',
      NEWS_FULL_TEXT: 'false',
      EDGAR_BASE_URL: 'http://127.0.0.1:4030/',
      EDGAR_USER_AGENT: 'Acme Research ops@acme.example',
    });
    expect(named.newsSources).toEqual(['edgar', 'yahoo', 'demo']);
    expect(named.newsFullText).toBe(false);
    expect(named.edgarBaseUrl).toBe('http://127.0.0.1:4030');
    expect(named.edgarUserAgent).toBe('Acme Research ops@acme.example');
    expect(() => loadConfig({ EDGAR_BASE_URL: 'ftp://sec.gov' })).toThrow(/EDGAR_BASE_URL/);
    expect(() => loadConfig({ NEWS_SOURCES: ' , ' })).toThrow(/NEWS_SOURCES/);
    expect(() => loadConfig({ NEWS_FETCH_TIMEOUT_MS: '0' })).toThrow(/NEWS_FETCH_TIMEOUT_MS/);
  });

  it('refuses to serve a public address with a test provider it was not told to use', () => {
    const publicSite = { PUBLIC_URL: 'https://stockpulse.example', NODE_ENV: 'production' };
    expect(() => loadConfig(publicSite)).toThrow(
      /^Invalid configuration: PAYMENTS_PROVIDER: is required on a public server/,
    );
    expect(() => loadConfig({ ...publicSite, PAYMENTS_PROVIDER: 'offline' })).toThrow(
      /^Invalid configuration: MARKET_DATA: is required on a public server/,
    );
    expect(() =>
      loadConfig({ ...publicSite, PAYMENTS_PROVIDER: 'offline', MARKET_DATA: 'demo' }),
    ).toThrow(/^Invalid configuration: NEWS_SOURCES: is required on a public server/);
    const testSite = {
      ...publicSite,
      PAYMENTS_PROVIDER: 'offline',
      MARKET_DATA: 'demo',
      NEWS_SOURCES: 'demo',
    };
    // Every API process must sign the test checkout's events alike.
    expect(() => loadConfig(testSite)).toThrow(
      /^Invalid configuration: PAYMENTS_OFFLINE_SECRET: is required when PAYMENTS_PROVIDER=offline on a public server/,
    );
    // Compose passes '' for a variable the operator left out: that is unset, not invalid.
    expect(() => loadConfig({ ...testSite, PAYMENTS_OFFLINE_SECRET: '' })).toThrow(
      /PAYMENTS_OFFLINE_SECRET: is required/,
    );
    expect(() => loadConfig({ ...publicSite, PAYMENTS_PROVIDER: '' })).toThrow(
      /PAYMENTS_PROVIDER: is required on a public server/,
    );
    const chosen = loadConfig({
      ...testSite,
      PAYMENTS_OFFLINE_SECRET: 'x'.repeat(32),
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
    });
    expect(chosen.smtpUrl).toBeUndefined();
    expect(chosen.paymentsProvider).toBe('offline');
    expect(chosen.testMode).toEqual(['payments', 'market', 'news']);
    const real = loadConfig({
      ...publicSite,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_TIER1: 'price_1',
      STRIPE_PRICE_TIER2: 'price_2',
      STRIPE_PRICE_TIER3: 'price_3',
      MARKET_DATA: 'yahoo',
      NEWS_SOURCES: 'default,https://feeds.example.com/a.xml',
    });
    expect(real.testMode).toEqual([]);
    expect(providerSummary(real)).toEqual({
      market: 'yahoo',
      news: 'default, 1 feed',
      payments: 'stripe',
      ai: 'offline',
      mail: 'outbox',
      telegram: 'off',
    });
    // A fresh clone's `npm start` (no environment) and loopback addresses run the demo as before.
    for (const local of [
      {},
      { PUBLIC_URL: 'http://127.0.0.1:8080' },
      { PUBLIC_URL: 'http://[::1]:3000' },
    ]) {
      expect(loadConfig(local).paymentsProvider).toBe('offline');
    }
  });
});
