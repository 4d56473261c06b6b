import type { CalendarEvent } from '@app/shared/api/portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';

describe('the calendar of a user’s holdings', () => {
  let t: TestApp;
  let ada: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock: fixedClock('2026-11-25T15:00:00Z') });
    ada = await registerUser(t.app);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/transactions/create',
      headers: bearer(ada.token),
      payload: { type: 'buy', symbol: 'NASDAQ:MSFT', date: '2026-11-02', quantity: 3, price: 500 },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    await t.app.inject({
      method: 'GET',
      url: '/api/ticker/user/watchlist/append/default/NASDAQ:MSFT',
      headers: bearer(ada.token),
    });
  });
  afterAll(() => t.close());

  it('lists the earnings of a held company once, as a holding', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/calendar/events?from=2026-11-01&to=2027-04-30',
      headers: bearer(ada.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json<{ events: CalendarEvent[] }>().events;
    const msft = events.filter((e) => e.symbol === 'NASDAQ:MSFT');
    expect(msft.filter((e) => e.kind === 'earnings').length).toBeGreaterThanOrEqual(2);
    for (const event of msft) expect(event.reason).toBe('holding');
  });
});
