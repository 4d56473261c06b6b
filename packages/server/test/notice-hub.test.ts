import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import {
  createNoticeHub,
  NOTICE_HUB_NAME,
  type NoticeHub,
  type NoticeListener,
  type NoticeResetReason,
} from '../src/db/notice-hub.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { waitFor } from './helpers/wait.ts';

const PRICES = 'stockpulse_hub_test_prices';
const USERS = 'stockpulse_hub_test_users';

type Heard = {
  notices: string[];
  requests: string[];
  resets: NoticeResetReason[];
};

/** Two "processes" (two pools, two hubs) on one database; process A has two subscribers. */
describe('notice hub', () => {
  let database: TestDatabase;
  let otherDb: Database;
  let hubA: NoticeHub;
  let hubB: NoticeHub;
  const heard: Record<'aPrices' | 'aUsers' | 'bPrices', Heard> = {
    aPrices: { notices: [], requests: [], resets: [] },
    aUsers: { notices: [], requests: [], resets: [] },
    bPrices: { notices: [], requests: [], resets: [] },
  };
  let aPrices: NoticeListener;
  let aUsers: NoticeListener;
  let bPrices: NoticeListener;

  const subscribe = (hub: NoticeHub, channel: string, into: Heard, extra?: string) =>
    hub.listen({
      channel,
      ...(extra && { extraChannels: [extra] }),
      label: `test ${channel}`,
      onNotice: (payload, from) =>
        into.notices.push(from === channel ? payload : `${from}/${payload}`),
      onConfirmRequest: (subject) => into.requests.push(subject),
      onReset: (reason) => into.resets.push(reason),
    });

  /** The hub connections open on the test database. */
  async function hubConnections(): Promise<number[]> {
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
      where application_name = ${NOTICE_HUB_NAME} and datname = current_database()`.execute(
      database.db,
    );
    return rows.map((row) => row.pid).sort();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    otherDb = createDatabase({ url: database.url, maxConnections: 2 });
    hubA = createNoticeHub({ db: database.db });
    hubB = createNoticeHub({ db: otherDb });
    aPrices = subscribe(hubA, PRICES, heard.aPrices);
    aUsers = subscribe(hubA, USERS, heard.aUsers, PRICES);
    bPrices = subscribe(hubB, PRICES, heard.bPrices);
    await Promise.all([aPrices.ready(), aUsers.ready(), bPrices.ready()]);
  });

  afterAll(async () => {
    await hubA.close();
    await hubB.close();
    await otherDb.destroy();
    await database.drop();
  });

  it('listens to two channels for two subscribers over one connection per process', async () => {
    expect(aPrices.isListening()).toBe(true);
    expect(aUsers.isListening()).toBe(true);
    expect(bPrices.isListening()).toBe(true);
    expect(hubA.stats()).toMatchObject({ connected: true, channels: [PRICES, USERS].sort() });
    expect(hubA.stats().connections).toBe(1);
    // One connection for process A (two subscribers, two channels), one for process B.
    const pids = await hubConnections();
    expect(pids).toEqual([Number(aPrices.pid()), Number(bPrices.pid())].sort());
    expect(aUsers.pid()).toBe(aPrices.pid());
    expect(heard.aPrices.resets).toEqual(['listening']);
    expect(aPrices.generation()).toBe(1);
    expect(aPrices.bump()).toBe(2);
  });

  it('fans a NOTIFY out to every subscriber of its channel, in every process', async () => {
    await sql`select pg_notify(${PRICES}, 'NASDAQ:AAPL')`.execute(database.db);
    await sql`select pg_notify(${USERS}, 'user-1')`.execute(database.db);
    await waitFor(async () =>
      Promise.resolve(
        heard.aPrices.notices.length === 1 &&
          heard.bPrices.notices.length === 1 &&
          heard.aUsers.notices.length === 2,
      ),
    );
    expect(heard.aPrices.notices).toEqual(['NASDAQ:AAPL']);
    expect(heard.bPrices.notices).toEqual(['NASDAQ:AAPL']);
    // The users subscriber also hears its extra channel, named, in commit order.
    expect(heard.aUsers.notices).toEqual([`${PRICES}/NASDAQ:AAPL`, 'user-1']);
  });

  it('confirms a write in every listening process, handing its subject to that channel only', async () => {
    const started = performance.now();
    await bPrices.confirmEverywhere('NYSE:IBM');
    // Both hubs acknowledged: the wait ended well before its 2 s bound.
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(heard.aPrices.requests).toEqual(['NYSE:IBM']);
    expect(heard.bPrices.requests).toEqual(['NYSE:IBM']);
    expect(heard.aUsers.requests).toEqual([]);
    expect(heard.aUsers.notices.at(-1)).toBe(`${PRICES}/NYSE:IBM`);
  });

  it('confirms many writes at once without handing its connection a query while another waits', async () => {
    // pg deprecates (and pg 9 refuses) a query given to a client whose queue is not empty.
    const crowded: string[] = [];
    let hubQueries = 0;
    const query = Reflect.get(pg.Client.prototype, 'query') as (
      this: pg.Client,
      ...args: unknown[]
    ) => unknown;
    type Inside = pg.Client & {
      _queryQueue: unknown[];
      connectionParameters: { application_name?: string };
    };
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: Inside,
      ...args: unknown[]
    ) {
      const own = this.connectionParameters.application_name === NOTICE_HUB_NAME;
      if (own) hubQueries += 1;
      if (own && this._queryQueue.length > 0) crowded.push(String(args[0]));
      return query.apply(this, args);
    });
    try {
      await Promise.all(
        ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'META', 'TSLA'].map((ticker) =>
          (ticker.length % 2 ? aPrices : bPrices).confirmEverywhere(`NASDAQ:${ticker}`),
        ),
      );
    } finally {
      spy.mockRestore();
    }
    expect(hubQueries).toBeGreaterThanOrEqual(12);
    expect(crowded).toEqual([]);
    expect(heard.aPrices.requests).toEqual(expect.arrayContaining(['NASDAQ:AAPL', 'NASDAQ:TSLA']));
  });

  it('reconnects a killed connection and tells every subscriber that notices were missed', async () => {
    const pid = aPrices.pid();
    const before = { prices: aPrices.generation(), users: aUsers.generation() };
    await sql`select pg_terminate_backend(${Number(pid)})`.execute(database.db);
    await waitFor(async () =>
      Promise.resolve(
        heard.aPrices.resets.includes('lost') && heard.aUsers.resets.includes('lost'),
      ),
    );
    expect(aPrices.generation()).toBeGreaterThan(before.prices);
    expect(aUsers.generation()).toBeGreaterThan(before.users);
    await waitFor(
      async () => Promise.resolve(aPrices.isListening() && aUsers.isListening()),
      5_000,
    );
    expect(heard.aPrices.resets.slice(-2)).toEqual(['lost', 'listening']);
    expect(heard.aUsers.resets.slice(-2)).toEqual(['lost', 'listening']);
    expect(aPrices.pid()).not.toBe(pid);
    expect(hubA.stats().connections).toBe(2);
    expect(await hubConnections()).toEqual([Number(aPrices.pid()), Number(bPrices.pid())].sort());
    // Process B's subscriber never noticed.
    expect(heard.bPrices.resets).toEqual(['listening']);

    // Both channels are heard again on the new connection.
    await sql`select pg_notify(${USERS}, 'user-2')`.execute(database.db);
    await waitFor(async () => Promise.resolve(heard.aUsers.notices.at(-1) === 'user-2'));
  });

  it('keeps a cache only while it listens: listens() starts listening, notices and resets forget', async () => {
    const KEPT = 'stockpulse_hub_test_kept';
    let forgotten = 0;
    const kept = hubB.keptWhileListening({
      channel: KEPT,
      label: 'test kept',
      forget: () => (forgotten += 1),
    });
    // Not listening yet: memory may not serve, and asking starts the LISTEN in the background.
    expect(kept.listens()).toBe(false);
    await waitFor(async () => Promise.resolve(kept.isListening()));
    expect(kept.listens()).toBe(true);
    expect(forgotten).toBe(1); // the 'listening' reset: what was kept before is void
    await sql`select pg_notify(${KEPT}, 'refreshed')`.execute(database.db);
    await waitFor(async () => Promise.resolve(forgotten === 2));
    await kept.close();
    expect(forgotten).toBe(3);
    // Closed: it never listens again, however often it is asked.
    expect(kept.listens()).toBe(false);
    expect(kept.isListening()).toBe(false);
  });

  it('lets a subscriber leave while the others keep listening, and closes', async () => {
    await aUsers.close();
    expect(aUsers.isListening()).toBe(false);
    expect(heard.aUsers.resets.at(-1)).toBe('closed');
    await aUsers.confirmEverywhere('x'); // closed: nothing to wait with
    expect(aPrices.isListening()).toBe(true);

    await hubB.close();
    expect(bPrices.isListening()).toBe(false);
    expect(heard.bPrices.resets.at(-1)).toBe('closed');
    await waitFor(async () => Promise.resolve((await hubConnections()).length === 1));
  });

  it('refuses a channel name that could not be LISTENed as it is', () => {
    expect(() =>
      hubA.listen({ channel: 'prices; drop table users', label: 'x', onNotice() {}, onReset() {} }),
    ).toThrow(/not a channel name/);
  });
});
