import type { CalendarEvent } from '@app/shared/api/portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { refreshMarketCalendarJob } from '../src/modules/market-calendar/market-calendar.jobs.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';

type EventsBody = { status: string; events: CalendarEvent[] };
type EventBody = { status: string; event: CalendarEvent };

describe('the dashboard calendar (/calendar/events)', () => {
  let t: TestApp;
  let ada: TestUser;
  let bob: TestUser;
  const clock = fixedClock('2026-11-25T15:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock });
    // The market calendar's stored events, as the daily job writes them.
    await refreshMarketCalendarJob.handler({}, jobDeps(t.database.db, {}, { clock }));
    ada = await registerUser(t.app);
    bob = await registerUser(t.app);
    for (const symbol of ['NASDAQ:AAPL', 'NYSE:JPM']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/ticker/user/watchlist/append/default/${symbol}`,
        headers: bearer(ada.token),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  const get = (user: TestUser | undefined, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/calendar/events${query}`,
      headers: user ? bearer(user.token) : {},
    });
  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/calendar/${url}`,
      headers: bearer(user.token),
      payload,
    });

  it('lists the stored earnings and dividend dates of watched companies', async () => {
    const res = await get(ada, '?from=2026-11-01&to=2027-04-30');
    expect(res.statusCode, res.body).toBe(200);
    const { events } = res.json<EventsBody>();
    const expected = await t.database.db
      .selectFrom('market_events')
      .select(['symbol', 'kind', 'date'])
      .where('symbol', 'in', ['NASDAQ:AAPL', 'NYSE:JPM'])
      .where('kind', 'in', ['earnings', 'dividend'])
      .where('date', '>=', '2026-11-01')
      .where('date', '<=', '2027-04-30')
      .execute();
    expect(expected.length).toBeGreaterThan(3);
    expect(events.map((e) => [e.symbol, e.kind, e.date]).sort()).toEqual(
      expected.map((e) => [e.symbol, e.kind, e.date]).sort(),
    );
    for (const event of events) {
      expect(event.note).toMatch(
        event.kind === 'earnings'
          ? /^Results (before the open|after the close)$/
          : /^(Ex-dividend \(\d+\.\d\d a share\)|Dividend declaration expected)$/,
      );
    }
    const earnings = events.filter((e) => e.kind === 'earnings' && e.symbol === 'NASDAQ:AAPL');
    expect(earnings.length).toBeGreaterThanOrEqual(2);
    expect(earnings[0]).toMatchObject({
      id: null,
      title: 'Apple Inc.: quarterly results',
      reason: 'watchlist',
      source: 'demo',
    });
    expect(events.map((e) => e.date)).toEqual([...events.map((e) => e.date)].sort());
  });

  it('shows nothing of other users’ watchlists', async () => {
    const { events } = (await get(bob, '?from=2026-11-01&to=2027-04-30')).json<EventsBody>();
    expect(events).toEqual([]);
  });

  it('refuses a range over 400 days or ending before it starts, and bad dates, with a 400', async () => {
    const long = await get(ada, '?from=2026-01-01&to=2027-02-05');
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error_msg: string }>().error_msg).toBe(
      'The calendar shows at most 400 days at a time.',
    );
    expect((await get(ada, '?from=2026-01-01&to=2027-02-04')).statusCode).toBe(200);
    expect((await get(ada, '?from=2026-12-01&to=2026-11-01')).statusCode).toBe(400);
    expect((await get(ada, '?from=2026-13-01&to=2026-12-01')).statusCode).toBe(400);
    expect((await get(ada, '?from=2026-11-01&until=2026-12-01')).statusCode).toBe(400);
  });

  it('shows the 31 days from today (business time) when no range is given', async () => {
    const { events } = (await get(ada, '')).json<EventsBody>();
    for (const event of events) {
      expect(event.date >= '2026-11-25' && event.date <= '2026-12-25', event.date).toBe(true);
    }
  });

  it('needs a login', async () => {
    const res = await get(undefined, '?from=2026-11-01&to=2026-11-30');
    expect(res.statusCode).toBe(401);
  });

  it('adds an event only with a title: "The event needs a title."', async () => {
    for (const title of ['', '   ']) {
      const res = await post(ada, 'events/create', { title, date: '2026-12-01' });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error_msg: string }>().error_msg).toContain('The event needs a title.');
    }
    const missing = await post(ada, 'events/create', { date: '2026-12-01' });
    expect(missing.statusCode).toBe(400);
    const nul = await post(ada, 'events/create', { title: 'Call\u0000broker', date: '2026-12-01' });
    expect(nul.statusCode).toBe(400);
    const badDate = await post(ada, 'events/create', { title: 'Review', date: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
  });

  it('creates, lists, changes and removes the user’s own events, and only theirs', async () => {
    const created = await post(ada, 'events/create', {
      title: '  Review my Apple position ',
      date: '2026-12-03',
      note: 'After the results',
      symbol: 'nasdaq:aapl',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { event } = created.json<EventBody>();
    expect(event).toEqual({
      id: expect.any(String),
      kind: 'user',
      date: '2026-12-03',
      title: 'Review my Apple position',
      note: 'After the results',
      symbol: 'NASDAQ:AAPL',
      reason: 'own',
      source: 'user',
    });

    const listed = (await get(ada, '?from=2026-12-01&to=2026-12-31')).json<EventsBody>().events;
    expect(listed.filter((e) => e.kind === 'user')).toEqual([event]);
    expect(
      (await get(ada, '?from=2027-01-01&to=2027-01-31')).json<EventsBody>().events,
    ).not.toContainEqual(event);

    // Another user can neither see, change nor remove it.
    expect((await get(bob, '?from=2026-12-01&to=2026-12-31')).json<EventsBody>().events).toEqual(
      [],
    );
    const theirs = await post(bob, `events/update/${event.id!}`, {
      title: 'Mine now',
      date: '2026-12-04',
    });
    expect(theirs.statusCode).toBe(404);
    const theirRm = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/events/rm/${event.id!}`,
      headers: bearer(bob.token),
    });
    expect(theirRm.statusCode).toBe(404);

    const updated = await post(ada, `events/update/${event.id!}`, {
      title: 'Review Apple',
      date: '2026-12-04',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<EventBody>().event).toMatchObject({
      id: event.id,
      title: 'Review Apple',
      date: '2026-12-04',
      note: '',
      symbol: null,
    });
    const noTitle = await post(ada, `events/update/${event.id!}`, {
      title: '',
      date: '2026-12-04',
    });
    expect(noTitle.statusCode).toBe(400);

    const removed = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/events/rm/${event.id!}`,
      headers: bearer(ada.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ status: 'deleted', id: event.id });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/calendar/events/rm/${event.id!}`,
      headers: bearer(ada.token),
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await get(ada, '?from=2026-12-01&to=2026-12-31'))
        .json<EventsBody>()
        .events.filter((e) => e.kind === 'user'),
    ).toEqual([]);
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/calendar/events/rm/not-an-id',
      headers: bearer(ada.token),
    });
    expect(res.statusCode).toBe(400);
  });
});
