import type { CalendarEvent } from '@app/shared/api/portfolio';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../src/modules/create-services.ts';
import { refreshMarketCalendarJob } from '../src/modules/market-calendar/market-calendar.jobs.ts';
import { buildSecondApp, buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { waitFor } from './helpers/wait.ts';

describe('the calendar of a user’s holdings', () => {
  let t: TestApp;
  let ada: TestUser;
  // A second process on the same database, with the portfolio's change notices as in production:
  // it keeps users' held symbols in memory.
  let b: FastifyInstance;
  let bServices: Services;
  let closeB: () => Promise<void>;
  beforeAll(async () => {
    const clock = fixedClock('2026-11-25T15:00:00Z');
    const env = { PORTFOLIO_CACHE: 'on' };
    t = await buildTestApp({ env, demoCompanies: true, clock });
    // The market calendar's stored events, as the daily job writes them.
    await refreshMarketCalendarJob.handler({}, jobDeps(t.database.db, {}, { clock }));
    ({
      app: b,
      services: bServices,
      close: closeB,
    } = await buildSecondApp(t.database.url, {
      env,
      clock,
    }));
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
  afterAll(async () => {
    await closeB();
    await t.close();
  });

  const msftEvents = async (app: FastifyInstance = t.app) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/calendar/events?from=2026-11-01&to=2027-04-30',
      headers: bearer(ada.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ events: CalendarEvent[] }>().events.filter((e) => e.symbol === 'NASDAQ:MSFT');
  };

  it('lists the earnings of a held company once, as a holding', async () => {
    const msft = await msftEvents();
    expect(msft.filter((e) => e.kind === 'earnings').length).toBeGreaterThanOrEqual(2);
    for (const event of msft) expect(event.reason).toBe('holding');
  });

  it('follows a sale through another process and a purchase written by hand (held symbols kept in memory)', async () => {
    // B answers from memory once its notices are heard.
    await waitFor(async () => {
      await msftEvents(b);
      return bServices.portfolio.cacheStats().notices?.listening === true;
    });
    expect((await msftEvents(b)).every((e) => e.reason === 'holding')).toBe(true);

    const sold = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/transactions/create',
      headers: bearer(ada.token),
      payload: { type: 'sell', symbol: 'NASDAQ:MSFT', date: '2026-11-20', quantity: 3, price: 510 },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    // Still watched, no longer held: B's next answer says so at once (the sale is answered once
    // every listening process heard it).
    const afterSale = await msftEvents(b);
    expect(afterSale.length).toBeGreaterThan(0);
    for (const event of afterSale) expect(event.reason).toBe('watchlist');

    // Bought again by SQL, not through the API: the database's notice drops the kept symbols.
    await sql`
      insert into portfolio_transactions
        (portfolio_id, type, symbol, trade_date, quantity, price, fees, currency, note, created_at)
      select id, 'buy', 'NASDAQ:MSFT', '2026-11-23', 2, 505, 0, 'USD', 'by hand', now()
      from portfolios where user_id = ${ada.user.id} and name = 'default'`.execute(t.database.db);
    await waitFor(async () => (await msftEvents(b)).every((e) => e.reason === 'holding'));
  });
});
