import type { PortfolioSnapshot, Transaction } from '@app/shared/api/portfolio';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { NOTICE_HUB_NAME } from '../src/db/notice-hub.ts';
import { type Services } from '../src/modules/create-services.ts';
import { buildSecondApp, buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { waitFor } from './helpers/wait.ts';

/** Saturday afternoon: the stored bars end on Friday, a quote of the day prices today. */
const SATURDAY = '2026-11-21T15:00:00Z';

/**
 * Each API process answers an unchanged portfolio snapshot (and ledger) from memory
 * without reading anything (PORTFOLIO_CACHE=on), and every change a snapshot depends on — a
 * transaction, an import, an entry changed by hand, a quote move of a held listing, new history,
 * a company's facts — shows in the next snapshot of another process on the same database: the
 * database announces each change (statement triggers, NOTIFY) and every process listens. A
 * ledger write through one process is answered only once every listening process heard it.
 */
describe('portfolio answers across two app instances on one database', () => {
  const clock = fixedClock(SATURDAY);
  let a: TestApp;
  let closeB: () => Promise<void>;
  let bServices: Services;
  let b: FastifyInstance;
  let user: TestUser;

  beforeAll(async () => {
    a = await buildTestApp({
      env: { PORTFOLIO_CACHE: 'on', RATE_LIMIT_SCALE: '100' },
      demoCompanies: true,
      clock,
    });
    ({
      app: b,
      services: bServices,
      close: closeB,
    } = await buildSecondApp(a.database.url, {
      env: { PORTFOLIO_CACHE: 'on', RATE_LIMIT_SCALE: '100' },
      clock: clock,
    }));
    user = await registerUser(a.app);
  }, 60_000);

  afterAll(async () => {
    await closeB();
    await a.close();
  });

  const get = async <T>(app: FastifyInstance, url: string) => {
    const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const post = async (app: FastifyInstance, url: string, payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: bearer(user.token),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const snapshot = (app: FastifyInstance, query = 'range=1Y') =>
    get<PortfolioSnapshot>(app, `/portfolio/snapshot?${query}`);
  const quantities = (s: PortfolioSnapshot) =>
    Object.fromEntries(s.holdings.map((h) => [h.symbol, h.quantity]));
  const holding = (s: PortfolioSnapshot, symbol: string) =>
    s.holdings.find((h) => h.symbol === symbol);
  const buy = (symbol: string, date: string, quantity: number) =>
    ({ type: 'buy', symbol, date, quantity, price: 100, fees: 1 }) as const;
  const stats = () => bServices.portfolio.cacheStats();

  /** B answers the snapshot from memory: its listener is up and the answer stored. */
  async function fromMemoryOnB(query = 'range=1Y') {
    await waitFor(async () => {
      await snapshot(b, query);
      const before = stats().fromMemory;
      const again = await snapshot(b, query);
      return stats().fromMemory === before + 1 && again.portfolio === 'default';
    });
  }

  const quote = async (symbol: string, price: number) => {
    const row = {
      exchange_ticker: symbol,
      price,
      previous_close: 190,
      open: 190,
      day_low: 185,
      day_high: 210,
      change: price - 190,
      change_pct: (price / 190 - 1) * 100,
      currency: 'USD',
      source: 'demo',
      as_of: new Date(SATURDAY),
    };
    await a.database.db
      .insertInto('quote_snapshots')
      .values(row)
      .onConflict((oc) => oc.column('exchange_ticker').doUpdateSet(row))
      .execute();
  };

  it('shows a write through one process in the next snapshot of the other, at once', async () => {
    // A's first portfolio call is a write: A listens for it, so it can hear the others confirm
    // (without, it answered before B had heard the notice, and B's next snapshot could be old).
    const listeners = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where application_name = ${NOTICE_HUB_NAME} and datname = current_database()`.execute(
        a.database.db,
      );
      return rows[0]?.n ?? 0;
    };
    const before = await listeners();
    await post(a.app, '/portfolio/transactions/create', buy('NASDAQ:AAPL', '2026-10-01', 10));
    // A listens now, over its process's one LISTEN connection (opened by this write unless
    // another cache of A opened it before): never more than one per process, A and B.
    const after = await listeners();
    expect(after).toBeGreaterThanOrEqual(Math.max(before, 1));
    expect(after).toBeLessThanOrEqual(2);
    await quote('NASDAQ:AAPL', 200);
    await waitFor(async () => holding(await snapshot(b), 'NASDAQ:AAPL')?.price === 200);
    await fromMemoryOnB();

    // A write through A: B's very next answer has it (A waited for B to hear the notice).
    await post(a.app, '/portfolio/transactions/create', buy('NASDAQ:MSFT', '2026-10-15', 4));
    expect(quantities(await snapshot(b))).toEqual({ 'NASDAQ:AAPL': 10, 'NASDAQ:MSFT': 4 });
    const ledger = await get<{ transactions: Transaction[] }>(b, '/portfolio/transactions');
    expect(ledger.transactions.map((t) => t.symbol)).toEqual(['NASDAQ:AAPL', 'NASDAQ:MSFT']);

    // An import through B: A's next answer has it.
    await snapshot(a.app);
    await post(b, '/portfolio/import', {
      csv: 'date,type,symbol,quantity,price,fees,currency,note\n2026-11-02,sell,NASDAQ:AAPL,3,110,0,USD,',
    });
    expect(quantities(await snapshot(a.app))).toEqual({ 'NASDAQ:AAPL': 7, 'NASDAQ:MSFT': 4 });
    expect(quantities(await snapshot(b))).toEqual({ 'NASDAQ:AAPL': 7, 'NASDAQ:MSFT': 4 });
    const again = await get<{ transactions: Transaction[] }>(a.app, '/portfolio/transactions');
    expect(again.transactions).toHaveLength(3);

    // An update and a delete through A.
    const msft = again.transactions.find((t) => t.symbol === 'NASDAQ:MSFT');
    await post(a.app, `/portfolio/transactions/update/${msft?.id ?? ''}`, {
      ...buy('NASDAQ:MSFT', '2026-10-15', 6),
    });
    expect(quantities(await snapshot(b))).toEqual({ 'NASDAQ:AAPL': 7, 'NASDAQ:MSFT': 6 });
    await get(a.app, `/portfolio/transactions/rm/${msft?.id ?? ''}`);
    expect(quantities(await snapshot(b))).toEqual({ 'NASDAQ:AAPL': 7 });
  });

  it('answers from memory until a held listing moves; another listing moving changes nothing', async () => {
    await fromMemoryOnB();
    const before = await snapshot(b);
    // A listing the portfolio does not hold: still answered from memory, the same figures.
    const notices = stats().notices?.heard ?? 0;
    await quote('NASDAQ:NVDA', 150);
    await waitFor(async () => Promise.resolve((stats().notices?.heard ?? 0) > notices));
    const memoryBefore = stats().fromMemory;
    expect(await snapshot(b)).toEqual(before);
    expect(stats().fromMemory).toBe(memoryBefore + 1);
    // Only the instant moves.
    clock.set('2026-11-21T15:00:07Z');
    expect(await snapshot(b)).toEqual({ ...before, as_of: before.as_of + 7 });
    expect(stats().fromMemory).toBe(memoryBefore + 2);
    clock.set(SATURDAY);

    // A held listing's quote moves (as the quote refresh writes it): the next snapshots move.
    await quote('NASDAQ:AAPL', 205);
    await waitFor(async () => holding(await snapshot(b), 'NASDAQ:AAPL')?.price === 205);
    const after = await snapshot(b);
    expect(after.summary.market_value - before.summary.market_value).toBeCloseTo(7 * 5, 6);
    await waitFor(async () => holding(await snapshot(a.app), 'NASDAQ:AAPL')?.price === 205);
  });

  it('shows changed company facts and entries written by hand', async () => {
    await fromMemoryOnB();
    // The company's name and sector.
    await sql`
      update companies set company_name = 'Apple Renamed', gics_sector = 'Renamed Sector'
      where id = (select company_id from securities where exchange_ticker = 'NASDAQ:AAPL')`.execute(
      a.database.db,
    );
    await waitFor(
      async () => holding(await snapshot(b), 'NASDAQ:AAPL')?.company_name === 'Apple Renamed',
    );
    expect((await snapshot(a.app)).allocation.sector[0]?.name).toBe('Renamed Sector');

    // An entry written by hand (not through the API): its portfolio's version moves too.
    await fromMemoryOnB();
    await sql`
      insert into portfolio_transactions
        (portfolio_id, type, symbol, trade_date, quantity, price, fees, currency, note, created_at)
      select id, 'buy', 'NASDAQ:AAPL', '2026-11-03', 1, 100, 0, 'USD', 'by hand', now()
      from portfolios where user_id = ${user.user.id} and name = 'default'`.execute(a.database.db);
    await waitFor(async () => quantities(await snapshot(b))['NASDAQ:AAPL'] === 8);
    const ledger = await get<{ transactions: Transaction[] }>(b, '/portfolio/transactions');
    expect(ledger.transactions.map((t) => t.note)).toContain('by hand');
  });

  it('pages the ledger in ledger order', async () => {
    const all = await get<{ transactions: Transaction[] }>(b, '/portfolio/transactions');
    const page = await get<{ portfolio: string; transactions: Transaction[] }>(
      b,
      '/portfolio/transactions?skip=1&limit=2',
    );
    expect(page.portfolio).toBe('default');
    expect(page.transactions).toEqual(all.transactions.slice(1, 3));
    const rest = await get<{ transactions: Transaction[] }>(b, '/portfolio/transactions?skip=2');
    expect(rest.transactions).toEqual(all.transactions.slice(2));
    const bad = await b.inject({
      method: 'GET',
      url: '/api/portfolio/transactions?limit=0',
      headers: bearer(user.token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('reads the database while its listener is down, and serves from memory again once it listens', async () => {
    await fromMemoryOnB();
    const pid = stats().notices?.listenerPid;
    expect(pid).toBeTruthy();
    await sql`select pg_terminate_backend(${Number(pid)})`.execute(a.database.db);
    await waitFor(async () => Promise.resolve(stats().notices?.listenerPid !== pid));
    // Whether or not it listens again yet, a change made now shows in the next answer.
    await quote('NASDAQ:AAPL', 211);
    const read = stats().read;
    expect(holding(await snapshot(b), 'NASDAQ:AAPL')?.price).toBe(211);
    expect(stats().read).toBe(read + 1);
    await waitFor(async () => Promise.resolve(stats().notices?.listening === true));
    await fromMemoryOnB();
  });

  // Last: new bars keep the benchmark's last computation for up to a minute.
  it('shows new history of a held listing, then answers from memory again', async () => {
    await fromMemoryOnB('range=MAX');
    const before = await snapshot(b, 'range=MAX');
    const day = before.series.find((p) => p.date === '2026-10-30');
    expect(day).toBeDefined();

    // New history: a stored close changes (bars and their status in one transaction).
    await a.database.db.transaction().execute(async (trx) => {
      await sql`
        update price_series
        set close = array(select c * 2 from unnest(close) c)
        where exchange_ticker = 'NASDAQ:AAPL' and month = '2026-10-01'`.execute(trx);
      await sql`
        update price_history_status set updated_at = now()
        where exchange_ticker = 'NASDAQ:AAPL'`.execute(trx);
    });
    await waitFor(
      async () =>
        (await snapshot(b, 'range=MAX')).series.find((p) => p.date === '2026-10-30')?.value !==
        day?.value,
    );

    // The benchmark kept for that minute does not stop answers from memory.
    await fromMemoryOnB('range=MAX');
  });

  it('deletes a user with portfolios (the ledger trigger follows the cascade)', async () => {
    const other = await registerUser(a.app);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/portfolio/transactions/create',
      headers: bearer(other.token),
      payload: buy('NASDAQ:AAPL', '2026-10-01', 1),
    });
    expect(res.statusCode, res.body).toBe(200);
    await sql`delete from users where id = ${other.user.id}`.execute(a.database.db);
    const left = await sql<{ n: number }>`
      select count(*)::int as n from portfolios where user_id = ${other.user.id}`.execute(
      a.database.db,
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});
