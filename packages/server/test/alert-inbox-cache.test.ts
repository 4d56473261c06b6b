import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildSecondApp, buildTestApp, type SecondApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { openSse, type SseClient } from './helpers/sse.ts';
import { waitFor } from './helpers/wait.ts';

const NOW = new Date('2026-11-24T15:00:00Z');
const WATCHED = 'NASDAQ:AAPL';

type Mine = { alerts: { id: string; article_id: string; unread: boolean }[]; unread: number };

/**
 * Each API process keeps users' bell answers (`/alerts/mine`) in memory
 * (ALERT_INBOX_CACHE=on). An alert written or marked read through one process is in the next
 * bell of any other, and a fan-out publishes its live `alerts` event only after every process
 * dropped the recipients' kept bells: the page that hears the event refetches the bell and must
 * never get the old list.
 */
describe('the alerts bell kept in memory across two app instances on one database', () => {
  const env = { ALERT_INBOX_CACHE: 'on', SESSION_CACHE: 'on' };
  const clock = fixedClock(NOW);
  let t: TestApp;
  let a: SecondApp;
  let b: SecondApp;
  let bUrl: string;
  let reader: TestUser;
  let seq = 0;
  const clients: SseClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ env, demoCompanies: true, clock });
    a = await buildSecondApp(t.database.url, { env, clock });
    b = await buildSecondApp(t.database.url, { env, clock });
    bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
    reader = await registerUser(t.app);
    await grant(t.database.db, reader.user.id, { is_email_validated: true });
    await t.database.db
      .updateTable('users')
      .set({
        my_instant_alerts: true,
        subscription: 'tier3_monthly',
        subscription_status: 'active',
      })
      .where('id', '=', reader.user.id)
      .execute();
    const res = await t.app.inject({
      url: `/api/ticker/user/watchlist/append/default/${WATCHED}`,
      headers: bearer(reader.token),
    });
    expect(res.statusCode, res.body).toBe(200);
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await b.close();
    await a.close();
    await t.close();
  });

  /** One story analysed and fanned out through A, one minute after the last: its article id. */
  async function alertThroughA() {
    seq += 1;
    clock.set(new Date(clock.now().getTime() + 60_000));
    const { id } = await t.database.db
      .insertInto('news')
      .values({
        link: `https://wire.example/kept-bell-${String(seq)}`,
        guid: `kept-bell-${String(seq)}`,
        title: `Kept bell ${String(seq)}`,
        creation_date: new Date(NOW.getTime() - 2 * 3_600_000),
        sentiment_score: [-6],
        related_exchange_tickers: [WATCHED],
        status: 'PROCESSED',
        no_bullshit: `Plain words ${String(seq)}.`,
        AI: JSON.stringify({ title: `Kept bell AI ${String(seq)}`, defcon_level: 2 }),
        source: 'test',
        updated_at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const run = await a.services.alerts.fanOut(new Date(clock.now().getTime() - 1_000));
    expect(run.written).toBeGreaterThan(0);
    return id;
  }

  const bellOn = async (app: SecondApp) => {
    const res = await app.app.inject({ url: '/api/alerts/mine', headers: bearer(reader.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Mine>();
  };
  const stats = () => b.services.alerts.inboxCacheStats();

  /** B listens and answers the bell from memory. */
  async function warmB() {
    await waitFor(async () => {
      await bellOn(b);
      return stats()?.listening === true && (stats()?.entries ?? 0) > 0;
    });
    const hits = stats()?.hits ?? 0;
    await bellOn(b);
    expect(stats()?.hits).toBe(hits + 1);
  }

  it('shows an alert written through A in the next bell on B, and a read marked on A', async () => {
    await alertThroughA();
    await warmB();
    // The fan-out answered once B dropped the reader's bell: B's next read has it, no wait.
    const id = await alertThroughA();
    const after = await bellOn(b);
    expect(after.alerts[0]?.article_id).toBe(id);
    expect(after.unread).toBe(2);

    const seen = await a.app.inject({
      method: 'POST',
      url: '/api/alerts/mine/seen',
      headers: bearer(reader.token),
      payload: { up_to: after.alerts[0]?.id },
    });
    expect(seen.statusCode, seen.body).toBe(200);
    const read = await bellOn(b);
    expect(read.unread).toBe(0);
    expect(read.alerts.every((alert) => !alert.unread)).toBe(true);
  });

  it("never answers B's stream's `alerts` event with the old list, even with the database's notices off", async () => {
    const stream = await openSse(`${bUrl}/api/live?topics=alerts`, bearer(reader.token));
    clients.push(stream);
    await stream.ready();
    // The bell's triggers off: only the fan-out's own confirmation drops the kept bells, so
    // without "dropped everywhere, then the event" B would answer its old list forever.
    await sql`alter table deliveries disable trigger deliveries_inbox_notify_insert`.execute(
      t.database.db,
    );
    try {
      for (let round = 0; round < 3; round += 1) {
        await warmB();
        const from = stream.events.length;
        const id = await alertThroughA();
        await stream.next((event) => event.event === 'alerts', 10_000, from);
        expect((await bellOn(b)).alerts[0]?.article_id).toBe(id);
      }
    } finally {
      await sql`alter table deliveries enable trigger deliveries_inbox_notify_insert`.execute(
        t.database.db,
      );
    }
  });

  it('drops a bell changed by any other writer when the database announces it', async () => {
    await warmB();
    await sql`delete from alert_reads where user_id = ${reader.user.id}`.execute(t.database.db);
    await waitFor(async () => (await bellOn(b)).unread > 0);
    await sql`delete from deliveries where user_id = ${reader.user.id}`.execute(t.database.db);
    await waitFor(async () => (await bellOn(b)).alerts.length === 0);
    expect((await bellOn(b)).unread).toBe(0);
  });
});
