import { marketWeekResponseSchema } from '@app/shared/api/market-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { refreshMarketCalendarJob } from '../src/modules/market-calendar/market-calendar.jobs.ts';
import { createMarketCalendarRepository } from '../src/modules/market-calendar/market-calendar.repository.ts';
import { buildSecondApp, buildTestApp, type SecondApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { waitFor } from './helpers/wait.ts';

/**
 * With MARKET_CALENDAR_CACHE on, an API process keeps the whole market's weeks and the public
 * answers until the calendar's refresh (which runs in the worker) NOTIFYs that it committed, and
 * answers a user's views from the kept weeks: every answer must be the one the database gives.
 */
describe('the market calendar kept in an API process', () => {
  // A Wednesday afternoon in New York, the session under way.
  const clock = fixedClock('2026-11-25T18:00:00Z');
  let t: TestApp;
  let kept: SecondApp;
  let ada: TestUser;
  let urls: string[];

  const answer = async (app: TestApp['app'], url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: bearer(ada.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<unknown>();
  };
  /** The kept process's answers and the database's (a process without the cache), URL by URL. */
  const both = async () => {
    const fromMemory = [];
    const fromDatabase = [];
    for (const url of urls) {
      fromMemory.push(await answer(kept.app, url));
      fromDatabase.push(await answer(t.app, url));
    }
    return { fromMemory, fromDatabase };
  };

  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock });
    await refreshMarketCalendarJob.handler({}, jobDeps(t.database.db, {}, { clock }));
    kept = await buildSecondApp(t.database.url, { clock, env: { MARKET_CALENDAR_CACHE: 'on' } });
    ada = await registerUser(t.app);
    // Ada holds a company that reports this week and one that goes ex-dividend.
    const week = async (kind: string) =>
      marketWeekResponseSchema.parse(
        await answer(t.app, `/api/market-calendar/week?kind=${kind}&week=2026-11-25`),
      ).events;
    const reporting = (await week('earnings'))[0]?.symbol;
    const paying = (await week('dividends')).find((event) => event.kind === 'dividend')?.symbol;
    expect(reporting && paying).toBeTruthy();
    for (const symbol of [reporting, paying]) {
      const bought = await t.app.inject({
        method: 'POST',
        url: '/api/portfolio/transactions/create',
        headers: bearer(ada.token),
        payload: { type: 'buy', symbol, date: '2026-11-02', quantity: 3, price: 50 },
      });
      expect(bought.statusCode, bought.body).toBe(200);
    }
    urls = [
      '/api/market-calendar/week?kind=earnings',
      '/api/market-calendar/week?kind=dividends',
      '/api/market-calendar/week?kind=earnings&week=2026-11-18',
      `/api/market-calendar/week?kind=earnings&sector=${encodeURIComponent('Information Technology')}`,
      '/api/market-calendar/week?kind=earnings&scope=holdings',
      '/api/market-calendar/week?kind=dividends&scope=holdings',
      `/api/market-calendar/company/${reporting}`,
      `/api/market-calendar/company/${paying}`,
      '/api/market-calendar/holdings-week',
    ];
    // The first answers start the process listening; from then on it keeps them.
    await both();
    await waitFor(() =>
      Promise.resolve(kept.services.marketCalendar.cacheStats()?.listening === true),
    );
  });
  afterAll(async () => {
    await kept.close();
    await t.close();
  });

  it('answers every view as the database does, the users’ from the whole market’s weeks', async () => {
    const first = await both();
    expect(first.fromMemory).toEqual(first.fromDatabase);
    const stats = kept.services.marketCalendar.cacheStats();
    // Two public weeks of earnings, one of dividends, the holdings' Monday to Sunday.
    expect(stats?.ranges).toBe(4);
    expect(stats?.bodies).toBe(6);
    const holdings = first.fromMemory[8] as { events: { symbol: string }[] };
    expect(holdings.events.length).toBeGreaterThan(0);
    const again = await both();
    expect(again.fromMemory).toEqual(first.fromDatabase);
  });

  it('drops what it kept when a refresh of the calendar commits', async () => {
    const before = await both();
    // A refresh whose source lists nothing from today on: this week's last three days empty.
    const repository = createMarketCalendarRepository(t.database.db);
    await repository.storeRefresh('demo', '2026-11-25', [], clock.now());
    await waitFor(() => Promise.resolve(kept.services.marketCalendar.cacheStats()?.bodies === 0));
    const after = await both();
    expect(after.fromMemory).toEqual(after.fromDatabase);
    expect(after.fromDatabase).not.toEqual(before.fromDatabase);
  });
});
