import {
  companyUpcomingResponseSchema,
  feedStateResponseSchema,
  holdingsWeekResponseSchema,
  marketWeekResponseSchema,
} from '@app/shared/api/market-calendar';
import { calendarResponseSchema } from '@app/shared/api/portfolio';
import type { z } from 'zod';
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

  const inject = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  /** A 200 answer, parsed with the shared response schema. */
  const read = async <S extends z.ZodType>(url: string, schema: S, token?: string) => {
    const res = await inject(url, token);
    expect(res.statusCode, res.body).toBe(200);
    return schema.parse(res.json());
  };
  /** An error answer: its status and message. */
  const refused = async (url: string, token?: string) => {
    const res = await inject(url, token);
    return { status: res.statusCode, error: res.json<{ error_msg: string }>().error_msg };
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
    const body = await read(
      '/api/market-calendar/week?kind=earnings&week=2026-11-26',
      marketWeekResponseSchema,
    );
    expect(body.week).toBe('2026-11-23');
    expect(body.days).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(body.events.length).toBeGreaterThan(0);
    for (const event of body.events) {
      expect(event.kind).toBe('earnings');
      expect(event.date >= '2026-11-23' && event.date <= '2026-11-27').toBe(true);
      expect(event.company_name).not.toBeNull();
      expect(['before-open', 'after-close']).toContain(event.timing);
    }
    // Results already out carry the surprise; results to come have no reported figure.
    const past = body.events.filter((e) => e.date < '2026-11-25');
    expect(past.length).toBeGreaterThan(0);
    for (const event of past) {
      expect(event.eps_reported).not.toBeNull();
      expect(event.eps_surprise_pct).not.toBeNull();
    }
    for (const event of body.events.filter((e) => e.date > '2026-11-25')) {
      expect(event.eps_reported).toBeNull();
      expect(event.eps_estimate).not.toBeNull();
    }
  });

  it('filters a week by sector', async () => {
    const url = '/api/market-calendar/week?kind=dividends&week=2026-12-07';
    const all = await read(url, marketWeekResponseSchema);
    const sector = all.sectors[0];
    expect(sector).toBeDefined();
    const one = await read(
      `${url}&sector=${encodeURIComponent(sector ?? '')}`,
      marketWeekResponseSchema,
    );
    expect(one.events.length).toBeGreaterThan(0);
    expect(one.events.every((e) => e.sector === sector)).toBe(true);
    expect(one.events.length).toBeLessThan(all.events.length);
    // Listed under their ex-dates, with the amount declared.
    for (const event of all.events) {
      expect(event.ex_date).toBe(event.date);
      expect(event.amount).not.toBeNull();
    }
  });

  it('asks a visitor to log in for the holdings scope, and shows a user only their holdings', async () => {
    const visitor = await refused('/api/market-calendar/week?kind=earnings&scope=holdings');
    expect(visitor.status).toBe(401);
    expect(visitor.error).toBe('Log in to see the calendar of your holdings.');
    const mine = await read(
      '/api/market-calendar/week?kind=earnings&scope=holdings&week=2027-01-25',
      marketWeekResponseSchema,
      ada.token,
    );
    expect(mine.events.every((e) => e.symbol === 'NASDAQ:MSFT')).toBe(true);
  });

  it('refuses a bad kind, a bad week, a NUL byte and an unknown parameter with a 400', async () => {
    for (const [url, message] of [
      ['/api/market-calendar/week?kind=splits', /kind/],
      ['/api/market-calendar/week?kind=earnings&week=2026-13-01', /week/],
      ['/api/market-calendar/week?kind=earnings&sector=%00', /NUL/],
      ['/api/market-calendar/week?kind=earnings&colour=red', /colour/],
    ] as const) {
      const res = await refused(url);
      expect(res.status, url).toBe(400);
      expect(res.error, url).toMatch(message);
    }
  });

  it("gives a company's next results, next ex-date and last four results with surprise", async () => {
    const body = await read(
      '/api/market-calendar/company/nasdaq:msft',
      companyUpcomingResponseSchema,
    );
    expect(body.symbol).toBe('NASDAQ:MSFT');
    expect(body.next_earnings?.date.localeCompare('2026-11-25')).toBeGreaterThanOrEqual(0);
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
    const unknown = await read(
      '/api/market-calendar/company/NYSE:ZZZZ',
      companyUpcomingResponseSchema,
    );
    expect(unknown.next_earnings).toBeNull();
    expect(unknown.last_results).toEqual([]);
    expect((await refused('/api/market-calendar/company/not-a-symbol')).status).toBe(400);
  });

  it("lists this week's events of the user's holdings for the dashboard", async () => {
    const body = await read(
      '/api/market-calendar/holdings-week',
      holdingsWeekResponseSchema,
      ada.token,
    );
    expect(body.week).toBe('2026-11-23');
    expect(body.events.every((e) => e.symbol === 'NASDAQ:MSFT')).toBe(true);
  });

  it("shows the holdings' stored results on the personal calendar", async () => {
    const body = await read(
      '/api/calendar/events?from=2026-11-01&to=2027-04-30',
      calendarResponseSchema,
      ada.token,
    );
    const earnings = body.events.filter((e) => e.kind === 'earnings' && e.symbol === 'NASDAQ:MSFT');
    expect(earnings.length).toBeGreaterThanOrEqual(2);
    const company = await read(
      '/api/market-calendar/company/NASDAQ:MSFT',
      companyUpcomingResponseSchema,
    );
    expect(earnings.map((e) => e.date)).toContain(company.next_earnings?.date);
  });

  it('documents every market calendar route in the OpenAPI document', async () => {
    const res = await inject('/api/openapi.json');
    type Operation = { description?: string; responses: Record<string, unknown> };
    const document = res.json<{ paths: Record<string, { get?: Operation }> }>();
    const paths = Object.keys(document.paths);
    // Calendar apps poll the feed: its conditional GET is part of the contract.
    const feed = document.paths['/api/market-calendar/feed/{file}']?.get;
    expect(Object.keys(feed?.responses ?? {})).toContain('304');
    expect(feed?.description).toMatch(/If-None-Match/);
    for (const path of [
      '/api/market-calendar/week',
      '/api/market-calendar/company/{symbol}',
      '/api/market-calendar/holdings-week',
      '/api/market-calendar/feed',
      '/api/market-calendar/feed/create',
      '/api/market-calendar/feed/revoke',
      '/api/market-calendar/feed/{file}',
    ]) {
      expect(paths).toContain(path);
    }
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
    const state = await read('/api/market-calendar/feed', feedStateResponseSchema, ada.token);
    expect(state.active).toBe(false);
  });
});
