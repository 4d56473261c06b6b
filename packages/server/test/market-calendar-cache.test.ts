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

/**
 * The private iCalendar feed kept in two API processes (as in production, with the watchlist and
 * portfolio caches on): each keeps a link's feed per business day, and must give up what it keeps
 * as soon as anything the feed is built from changes, whichever process was written through.
 */
describe('the private calendar feed kept in two API processes', () => {
  const clock = fixedClock('2026-11-25T18:00:00Z');
  const env = { MARKET_CALENDAR_CACHE: 'on', WATCHLIST_CACHE: 'on', PORTFOLIO_CACHE: 'on' };
  let t: TestApp;
  let one: SecondApp;
  let two: SecondApp;
  let ada: TestUser;
  let path: string;
  /** Listings with results in the feed's window: held, then watched, then bought later. */
  let symbols: string[];

  const get = (app: TestApp['app'], url: string, etag?: string) =>
    app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });
  /** A feed's entries (their ids: kind, listing and day), in order. */
  const entries = (body: string) => body.match(/^UID:[^\r\n]*/gm) ?? [];
  const stamp = (body: string) => /^DTSTAMP:([^\r\n]*)/m.exec(body)?.[1];
  const write = async (
    app: TestApp['app'],
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => {
    const res = await app.inject({ method, url, headers: bearer(ada.token), payload });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  /** The feed from `app`, which must give the database's entries (a process without the cache). */
  const feedOf = async (app: TestApp['app'], url = path) => {
    const res = await get(app, url);
    expect(res.statusCode, res.body).toBe(200);
    const truth = await get(t.app, url);
    expect(entries(res.body)).toEqual(entries(truth.body));
    expect(res.headers.etag).toBe(truth.headers.etag);
    return res;
  };
  const feedsKept = (app: SecondApp) => app.services.marketCalendar.cacheStats()?.feeds;

  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock });
    await refreshMarketCalendarJob.handler({}, jobDeps(t.database.db, {}, { clock }));
    one = await buildSecondApp(t.database.url, { clock, env });
    two = await buildSecondApp(t.database.url, { clock, env });
    for (const app of [one, two]) await app.services.marketCalendar.cacheReady();
    ada = await registerUser(t.app);
    const rows = await t.database.db
      .selectFrom('market_events')
      .select('symbol')
      .where('kind', '=', 'earnings')
      .where('date', '>=', '2026-11-26')
      .where('date', '<=', '2027-03-01')
      .groupBy('symbol')
      .orderBy('symbol')
      .limit(3)
      .execute();
    symbols = rows.map((row) => row.symbol);
    expect(symbols).toHaveLength(3);
    await write(one.app, 'POST', '/api/portfolio/transactions/create', {
      type: 'buy',
      symbol: symbols[0],
      date: '2026-11-02',
      quantity: 3,
      price: 50,
    });
    const created = await write(one.app, 'POST', '/api/market-calendar/feed/create');
    path = created.json<{ path: string }>().path;
  });
  afterAll(async () => {
    await two.close();
    await one.close();
    await t.close();
  });

  it('serves a kept feed from memory, with an ETag that only its events change', async () => {
    const first = await feedOf(one.app);
    expect(first.headers['cache-control']).toBe('private, max-age=900');
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.body).toContain(`UID:earnings-${symbols[0]}-`);
    expect(feedsKept(one)).toBe(1);
    // Ten seconds later the same day: the kept feed is served as it was written (its DTSTAMP),
    // while a process without the cache writes it anew, with the same ETag.
    clock.set('2026-11-25T18:00:10Z');
    const again = await feedOf(one.app);
    expect(again.body).toBe(first.body);
    expect(stamp((await get(t.app, path)).body)).toBe('20261125T180010Z');
    expect(stamp(again.body)).toBe('20261125T180000Z');
  });

  it('answers 304 with no body to a calendar app that sends the current ETag', async () => {
    const { headers } = await feedOf(two.app);
    const etag = String(headers.etag);
    for (const app of [one.app, two.app, t.app]) {
      const unchanged = await get(app, path, etag);
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.body).toBe('');
      expect(unchanged.headers.etag).toBe(etag);
      expect(unchanged.headers['cache-control']).toBe('private, max-age=900');
      expect((await get(app, path, `${etag}, W/"other"`)).statusCode).toBe(304);
      expect((await get(app, path, 'W/"other"')).statusCode).toBe(200);
    }
  });

  it('drops a kept feed at once when its owner watches another listing, in every process', async () => {
    const before = await feedOf(two.app);
    expect(before.body).not.toContain(`UID:earnings-${symbols[1]}-`);
    await write(one.app, 'GET', `/api/ticker/user/watchlist/append/default/${symbols[1]}`);
    const after = await feedOf(two.app);
    expect(after.body).toContain(`UID:earnings-${symbols[1]}-`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get(two.app, path, String(before.headers.etag))).statusCode).toBe(200);
    expect((await feedOf(one.app)).body).toBe(after.body);
  });

  it('drops a kept feed at once when its owner buys a listing, in every process', async () => {
    const before = await feedOf(two.app);
    expect(before.body).not.toContain(`UID:earnings-${symbols[2]}-`);
    await write(one.app, 'POST', '/api/portfolio/transactions/create', {
      type: 'buy',
      symbol: symbols[2],
      date: '2026-11-20',
      quantity: 1,
      price: 50,
    });
    const after = await feedOf(two.app);
    expect(after.body).toContain(`UID:earnings-${symbols[2]}-`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('writes the feed anew for a new business day', async () => {
    const before = await feedOf(one.app);
    clock.set('2026-11-26T09:00:00Z');
    const after = await feedOf(one.app);
    expect(stamp(after.body)).toBe('20261126T090000Z');
    expect(stamp(before.body)).not.toBe(stamp(after.body));
  });

  it('drops every kept feed when a refresh of the calendar commits', async () => {
    const before = await feedOf(two.app);
    await feedOf(one.app);
    // A refresh whose source lists nothing from today on: only the past month stays.
    const repository = createMarketCalendarRepository(t.database.db);
    await repository.storeRefresh('demo', '2026-11-26', [], clock.now());
    await waitFor(() => Promise.resolve(feedsKept(one) === 0 && feedsKept(two) === 0));
    const after = await feedOf(two.app);
    expect(entries(after.body).length).toBeLessThan(entries(before.body).length);
    const dayOf = (uid: string) => /(\d{4}-\d{2}-\d{2})@/.exec(uid)?.[1] ?? '';
    expect(entries(after.body).filter((uid) => dayOf(uid) >= '2026-11-26')).toEqual([]);
  });

  it('answers 404 in every process as soon as the link is replaced or revoked', async () => {
    for (const app of [one.app, two.app]) await feedOf(app);
    expect(feedsKept(two)).toBe(1);
    const replaced = await write(one.app, 'POST', '/api/market-calendar/feed/create');
    for (const app of [two.app, one.app]) expect((await get(app, path)).statusCode).toBe(404);
    path = replaced.json<{ path: string }>().path;
    for (const app of [two.app, one.app]) await feedOf(app);
    expect(feedsKept(two)).toBe(1);
    await write(one.app, 'POST', '/api/market-calendar/feed/revoke');
    for (const app of [two.app, one.app]) {
      const gone = await get(app, path);
      expect(gone.statusCode).toBe(404);
      expect(gone.json<{ error_msg: string }>().error_msg).toMatch(/does not exist or was revoked/);
      // A calendar app's old ETag does not make a revoked link answer 304.
      expect((await get(app, path, '*')).statusCode).toBe(404);
    }
    expect(feedsKept(two)).toBe(0);
  });

  it('keeps each user’s feed link state and changes it in every process with the link', async () => {
    type State = { status: string; active: boolean; created_at: number | null };
    const state = async (app: TestApp['app']) =>
      (await write(app, 'GET', '/api/market-calendar/feed')).json<State>();
    const statesKept = (app: SecondApp) => app.services.marketCalendar.cacheStats()?.feedStates;
    const none = { status: 'success', active: false, created_at: null };
    // The link was revoked by the test before.
    for (const app of [one.app, two.app]) expect(await state(app)).toEqual(none);
    expect(statesKept(two)).toBe(1);
    expect(await state(two.app)).toEqual(none);
    const created = await write(one.app, 'POST', '/api/market-calendar/feed/create');
    const at = created.json<{ created_at: number }>().created_at;
    for (const app of [two.app, one.app, t.app]) {
      expect(await state(app)).toEqual({ status: 'success', active: true, created_at: at });
    }
    // A link deleted by SQL, outside the service, changes the kept state by its notice.
    await t.database.db.deleteFrom('calendar_feeds').where('user_id', '=', ada.user.id).execute();
    await waitFor(async () => !(await state(two.app)).active);
    await waitFor(async () => !(await state(one.app)).active);
    expect(await state(two.app)).toEqual(none);
  });
});
