import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_HUB_NAME } from '../src/db/notice-hub.ts';
import type { Services } from '../src/modules/create-services.ts';
import { LIVE_CHANNEL } from '../src/modules/live/live-bus.ts';
import { PORTFOLIO_CHANNEL } from '../src/modules/portfolio/portfolio-notices.ts';
import { SESSION_CHANNEL } from '../src/modules/users/session-cache.ts';
import { buildSecondApp, type SecondApp } from './helpers/app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { bearer, registerUser } from './helpers/factories.ts';
import { waitFor } from './helpers/wait.ts';

const CACHES_ON = {
  SESSION_CACHE: 'on',
  WATCHLIST_CACHE: 'on',
  PORTFOLIO_CACHE: 'on',
  RATE_LIMIT_SCALE: '100',
};

/** The composition root builds one notice hub, and every cache of the process listens through it. */
describe('notice hub of an app process', () => {
  let database: TestDatabase;
  let second: SecondApp;
  let services: Services;

  beforeAll(async () => {
    database = await createTestDatabase();
    second = await buildSecondApp(database.url, { env: CACHES_ON });
    services = second.services;
  }, 60_000);

  afterAll(async () => {
    await second.close();
    await database.drop();
  });

  it('listens for the session, watchlist and portfolio caches and the live bus over one connection', async () => {
    const user = await registerUser(second.app);
    const get = (url: string) =>
      second.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(user.token) });
    const stream = await services.live.subscribe({
      topics: new Set(['news']),
      deliver: () => undefined,
      reset: () => undefined,
    });
    await waitFor(async () => {
      for (const url of [
        '/user/get/me',
        '/ticker/user/watchlist/get/default',
        '/portfolio/snapshot',
      ])
        expect((await get(url)).statusCode).toBe(200);
      return (
        services.users.sessionCacheStats()?.listening === true &&
        services.watchlists.cacheStats()?.listening === true &&
        services.portfolio.cacheStats().notices?.listening === true
      );
    });
    expect(services.live.stats().listening).toBe(true);
    expect(services.noticeHub.stats()).toMatchObject({ connected: true, connections: 1 });
    expect(services.noticeHub.stats().channels).toEqual(
      expect.arrayContaining([LIVE_CHANNEL, PORTFOLIO_CHANNEL, SESSION_CHANNEL]),
    );
    expect(services.noticeHub.stats().channels.length).toBeGreaterThanOrEqual(4);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where application_name = ${NOTICE_HUB_NAME} and datname = current_database()`.execute(
      database.db,
    );
    expect(rows[0]?.n).toBe(1);
    stream();
  });
});
