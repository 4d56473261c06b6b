import type {
  CompanyUpcomingResponse,
  HoldingsWeekResponse,
  MarketWeekResponse,
} from '@app/shared/api/market-calendar';
import type { CalendarEvent } from '@app/shared/api/portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { refreshMarketCalendarJob } from '../src/modules/market-calendar/market-calendar.jobs.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';

describe('the market calendar', () => {
  // A Wednesday afternoon in New York, the session under way.
  const clock = fixedClock('2026-11-25T18:00:00Z');
  let t: TestApp;
  let ada: TestUser;
  let stored = 0;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock });
    const deps = jobDeps(t.database.db, {}, { clock });
    await refreshMarketCalendarJob.handler({}, deps);
    stored = Number(
      (
        await t.database.db
          .selectFrom('market_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    ada = await registerUser(t.app);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/transactions/create',
      headers: bearer(ada.token),
      payload: { type: 'buy', symbol: 'NASDAQ:MSFT', date: '2026-11-02', quantity: 3, price: 500 },
    });
    expect(bought.statusCode, bought.body).toBe(200);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, token?: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
    return { status: res.statusCode, body: res.json<T & { error_msg?: string }>(), raw: res };
  };

  it('stores the demo events of every listing for the refresh window', async () => {
    expect(stored).toBeGreaterThan(500);
    const again = jobDeps(t.database.db, {}, { clock });
    await refreshMarketCalendarJob.handler({}, again);
    // A second run replaces the set rather than adding to it.
    const count = await t.database.db
      .selectFrom('market_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(stored);
  });

  it('shows a week of earnings, Monday to Friday, each with its company and time of day', async () => {
    const { status, body } = await get<MarketWeekResponse>(
      '/api/market-calendar/week?kind=earnings&week=2026-11-26',
    );
    expect(status, body.error_msg).toBe(200);
    expect(body.week).toBe('2026-11-23');
    expect(body.days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(body.events.length).toBeGreaterThan(0);
    for (const event of body.events) {
      expect(event.kind).toBe('earnings');
      expect(event.date >= '2026-11-23' && event.date <= '2026-11-27').toBe(true);
      expect(event.company_name).not.toBeNull();
      expect(['before-open', 'after-close']).toContain(event.timing);
    }
    // Results already out carry the surprise; results to come have no reported figure.
    for (const event of body.events.filter((e) => e.date < '2026-11-25')) {
      expect(event.eps_reported).not.toBeNull();
      expect(event.eps_surprise_pct).not.toBeNull();
    }
    for (const event of body.events.filter((e) => e.date > '2026-11-25')) {
      expect(event.eps_reported).toBeNull();
      expect(event.eps_estimate).not.toBeNull();
    }
  });

  it('filters a week by sector', async () => {
    const all = await get<MarketWeekResponse>('/api/market-calendar/week?kind=dividends&week=2026-12-07');
    expect(all.status).toBe(200);
    const sector = all.body.sectors[0];
    expect(sector).toBeDefined();
    const one = await get<MarketWeekResponse>(
      `/api/market-calendar/week?kind=dividends&week=2026-12-07&sector=${encodeURIComponent(sector!)}`,
    );
    expect(one.body.events.length).toBeGreaterThan(0);
    expect(one.body.events.every((e) => e.sector === sector)).toBe(true);
    expect(one.body.events.length).toBeLessThanOrEqual(all.body.events.length);
  });

  it('asks a visitor to log in for the holdings scope, and shows a user only their holdings', async () => {
    const visitor = await get<MarketWeekResponse>(
      '/api/market-calendar/week?kind=earnings&scope=holdings',
    );
    expect(visitor.status).toBe(401);
    expect(visitor.body.error_msg).toMatch(/Log in/);
    const mine = await get<MarketWeekResponse>(
      '/api/market-calendar/week?kind=earnings&scope=holdings&week=2027-01-25',
      ada.token,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.events.every((e) => e.symbol === 'NASDAQ:MSFT')).toBe(true);
  });

  it('refuses a bad kind, a bad week and a NUL byte with a 400 naming the parameter', async () => {
    for (const url of [
      '/api/market-calendar/week?kind=splits',
      '/api/market-calendar/week?kind=earnings&week=2026-13-01',
      '/api/market-calendar/week?kind=earnings&sector=%00',
      '/api/market-calendar/week?kind=earnings&colour=red',
    ]) {
      const res = await get<MarketWeekResponse>(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error_msg, url).toBeTruthy();
    }
  });

  it("gives a company's next results, next ex-date and last four results with surprise", async () => {
    const { status, body } = await get<CompanyUpcomingResponse>(
      '/api/market-calendar/company/nasdaq:msft',
    );
    expect(status).toBe(200);
    expect(body.symbol).toBe('NASDAQ:MSFT');
    expect(body.next_earnings?.date && body.next_earnings.date >= '2026-11-25').toBeTruthy();
    expect(body.next_earnings?.eps_reported).toBeNull();
    expect(body.last_results).toHaveLength(4);
    const dates = body.last_results.map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const result of body.last_results) {
      expect(result.eps_surprise_pct).not.toBeNull();
      expect(result.revenue_surprise_pct).not.toBeNull();
    }
  });

  it('answers an unknown listing with empty dates and a malformed one with a 400', async () => {
    const unknown = await get<CompanyUpcomingResponse>('/api/market-calendar/company/NYSE:ZZZZ');
    expect(unknown.status).toBe(200);
    expect(unknown.body.next_earnings).toBeNull();
    expect(unknown.body.last_results).toEqual([]);
    expect((await get('/api/market-calendar/company/not-a-symbol')).status).toBe(400);
  });

  it("lists this week's events of the user's holdings for the dashboard", async () => {
    const { status, body } = await get<HoldingsWeekResponse>(
      '/api/market-calendar/holdings-week',
      ada.token,
    );
    expect(status).toBe(200);
    expect(body.week).toBe('2026-11-23');
    expect(body.events.every((e) => e.symbol === 'NASDAQ:MSFT')).toBe(true);
  });

  it("shows the holdings' stored results on the personal calendar", async () => {
    const { body } = await get<{ events: CalendarEvent[] }>(
      '/api/calendar/events?from=2026-11-01&to=2027-04-30',
      ada.token,
    );
    const earnings = body.events.filter((e) => e.kind === 'earnings' && e.symbol === 'NASDAQ:MSFT');
    expect(earnings.length).toBeGreaterThanOrEqual(2);
    const company = await get<CompanyUpcomingResponse>('/api/market-calendar/company/NASDAQ:MSFT');
    expect(earnings.map((e) => e.date)).toContain(company.body.next_earnings?.date);
  });

  it('serves a private iCalendar feed by its token until it is regenerated or revoked', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/market-calendar/feed/create',
      headers: bearer(ada.token),
    });
    expect(created.statusCode).toBe(200);
    const { path } = created.json<{ path: string }>();
    expect(path).toMatch(/^\/api\/market-calendar\/feed\/[0-9a-f]{64}\.ics$/);
    const stored = await t.database.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(path).not.toContain(stored[0]!.token_hash);

    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toMatch(/^BEGIN:VCALENDAR/);
    expect(feed.body).toMatch(/SUMMARY:Microsoft[^\r\n]*: results/);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/market-calendar/feed/create',
      headers: bearer(ada.token),
    });
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const newPath = again.json<{ path: string }>().path;
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200);

    await t.app.inject({
      method: 'POST',
      url: '/api/market-calendar/feed/revoke',
      headers: bearer(ada.token),
    });
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(404);
    expect((await get<{ active: boolean }>('/api/market-calendar/feed', ada.token)).body.active).toBe(
      false,
    );
  });
});
