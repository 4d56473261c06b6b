import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_MAX_STREAMS_PER_CLIENT,
  LIVE_MAX_TOPICS,
  type LiveAlertEvent,
  type LivePromptEvent,
} from '@app/shared/api/live';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/database.ts';
import { NOTICE_HUB_NAME } from '../src/db/notice-hub.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import { jobDefinitions } from '../src/jobs/registry.ts';
import { createServices, type Services } from '../src/modules/create-services.ts';
import { ensureDemoCompanies } from '../src/modules/companies/demo-companies.ts';
import { LIVE_CHANNEL, type LivePromptData } from '../src/modules/live/live-bus.ts';
import { createPromptPublisher } from '../src/modules/live/live-publishers.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { openSse, type SseClient } from './helpers/sse.ts';
import { waitFor } from './helpers/wait.ts';

/** One API process: its own pool, services and HTTP server, on the shared database. */
type Instance = {
  app: FastifyInstance;
  db: Database;
  jobs: JobQueue;
  services: Services;
  url: string;
  close: () => Promise<void>;
};

async function startInstance(database: TestDatabase): Promise<Instance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const log = pino({ level: 'silent' });
  const db = createDatabase({ url: database.url, maxConnections: 5 });
  const jobs = await createJobQueue({
    url: database.url,
    log,
    worker: false,
    definitions: jobDefinitions,
  });
  const deps = { config, db, jobs, log, clock: systemClock };
  const services = createServices(deps);
  const app = await buildApp({ ...deps, services });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    db,
    jobs,
    services,
    url: address,
    close: async () => {
      await app.close();
      services.close();
      await services.live.close();
      await jobs.stop(1_000);
      await db.destroy();
    },
  };
}

describe('live updates (GET /api/live) across processes', () => {
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;
  let alice: TestUser;
  let bob: TestUser;
  const clients: SseClient[] = [];

  const open = async (instance: Instance, topics: string, headers: Record<string, string> = {}) => {
    const client = await openSse(
      `${instance.url}/api/live?topics=${encodeURIComponent(topics)}`,
      headers,
    );
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startInstance(database);
    b = await startInstance(database);
    alice = await registerUser(a.app);
    bob = await registerUser(a.app);
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await a.close();
    await b.close();
    await database.drop();
  });

  it('an event published by one process reaches a stream held by the other', async () => {
    const stream = await open(b, 'news,quotes:nasdaq:aapl');
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('cache-control')).toContain('no-transform');
    const ready = await stream.ready();
    expect(ready.data).toEqual({ topics: ['news', 'quotes:NASDAQ:AAPL'] });
    expect(stream.retry).toBe(3_000);

    await a.services.live.publish('quotes', [
      ['quotes:NASDAQ:MSFT', { symbol: 'NASDAQ:MSFT', price: 1 }],
      ['quotes:NASDAQ:AAPL', { symbol: 'NASDAQ:AAPL', price: 201.5 }],
    ]);
    await a.services.live.publish('news', [['news', { stage: 'ingested', ids: ['n1', 'n2'] }]]);

    const quote = await stream.next((event) => event.event === 'quotes');
    expect(quote.data).toEqual({
      topic: 'quotes:NASDAQ:AAPL',
      symbol: 'NASDAQ:AAPL',
      price: 201.5,
    });
    expect(quote.id).toMatch(/^[\w-]+$/);
    const news = await stream.next((event) => event.event === 'news');
    expect(news.data).toEqual({ topic: 'news', stage: 'ingested', ids: ['n1', 'n2'] });
    // The other listing's quote was not sent to this stream.
    expect(stream.events.filter((event) => event.event === 'quotes')).toHaveLength(1);
  });

  it("a quote refresh in one process reaches the other's streams of that listing", async () => {
    await ensureDemoCompanies(a.db);
    const stream = await open(b, 'quotes:NASDAQ:AAPL');
    await stream.ready();
    await a.services.market.quotes.refresh(['NASDAQ:AAPL', 'NASDAQ:MSFT'], { backfill: false });
    const quote = await stream.next((event) => event.event === 'quotes');
    expect(quote.data).toMatchObject({ topic: 'quotes:NASDAQ:AAPL', symbol: 'NASDAQ:AAPL' });
    const data = quote.data as { price: number; change_pct: number; updated_at: number };
    expect(data.price).toBeGreaterThan(0);
    expect(Number.isFinite(data.change_pct)).toBe(true);
    expect(data.updated_at).toBeGreaterThan(0);
  });

  it('a publish of several notifications (one statement) arrives complete and in order', async () => {
    const stream = await open(b, 'quotes:NASDAQ:AAPL');
    await stream.ready();
    // 120 parts of ~1 KB: more than one notification's 7,000 bytes, so several go out at once.
    const parts: [string, Record<string, unknown>][] = Array.from({ length: 120 }, (_, i) => [
      'quotes:NASDAQ:AAPL',
      { symbol: 'NASDAQ:AAPL', price: i, note: 'x'.repeat(1_000) },
    ]);
    await a.services.live.publish('quotes', parts);
    for (let i = 0; i < 120; i += 1) {
      const quote = await stream.next(
        (event) => event.event === 'quotes' && (event.data as { price: number }).price === i,
      );
      expect(quote.data).toMatchObject({ price: i });
    }
    const prices = stream.events
      .filter((event) => event.event === 'quotes')
      .map((event) => (event.data as { price: number }).price);
    expect(prices).toEqual(Array.from({ length: 120 }, (_, i) => i));
  });

  it('publishes on commit only: a rolled-back write sends nothing', async () => {
    const stream = await open(a, 'news');
    await stream.ready();
    await b.db
      .transaction()
      .execute(async (trx) => {
        await b.services.live.publish(
          'news',
          [['news', { stage: 'ingested', ids: ['gone'] }]],
          trx,
        );
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await b.db.transaction().execute(async (trx) => {
      await b.services.live.publish('news', [['news', { stage: 'ingested', ids: ['kept'] }]], trx);
    });
    const event = await stream.next((e) => e.event === 'news');
    expect(event.data).toMatchObject({ ids: ['kept'] });
    expect(stream.events.filter((e) => e.event === 'news')).toHaveLength(1);
  });

  it("a user's own topics carry only their events; a visitor may not ask for them", async () => {
    const mine = await open(b, 'alerts,prompts', bearer(alice.token));
    expect((await mine.ready()).data).toEqual({ topics: ['alerts', 'prompts'] });
    await a.services.live.publish('alerts', [
      [`alerts:${bob.user.id}`, { ids: ['for-bob'] }],
      [`alerts:${alice.user.id}`, { ids: ['for-alice'] }],
    ]);
    await a.services.live.publish('prompts', [
      [`prompts:${alice.user.id}`, { id: 'p1', status: 'PROCESSED' }],
    ]);
    expect((await mine.next((e) => e.event === 'alerts')).data).toEqual({
      topic: 'alerts',
      ids: ['for-alice'],
    });
    expect((await mine.next((e) => e.event === 'prompts')).data).toEqual({
      topic: 'prompts',
      id: 'p1',
      status: 'PROCESSED',
    });
    expect(mine.events.filter((e) => e.event === 'alerts')).toHaveLength(1);

    const visitor = await open(a, 'news,alerts');
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ status: 'error' });
  });

  it("a prompt's progress and its answer's pieces reach its owner's streams on another process, in order", async () => {
    await ensureDemoCompanies(a.db);
    const mine = await open(b, 'prompts', bearer(alice.token));
    const theirs = await open(b, 'prompts', bearer(bob.token));
    await mine.ready();
    await theirs.ready();
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/prompts/create',
      headers: bearer(alice.token),
      payload: { prompt: 'How is my portfolio doing?', type: 'CHAT', selection: ['PORTFOLIO'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: string }>();
    // The worker of process a writes the answer; the page is served by process b.
    expect(await a.services.prompts.answer(id)).toBe('answered');
    await mine.next(
      (e) => e.event === 'prompts' && (e.data as LivePromptEvent).stage === 'answered',
    );
    const events = mine.events
      .filter((e) => e.event === 'prompts')
      .map((e) => e.data as LivePromptEvent);
    expect(events.every((event) => event.id === id)).toBe(true);
    expect(events.map((event) => event.stage)).toContain('queued');
    // The worker's events in order: writing, the text pieces, the end.
    const worker = events.filter((event) => event.stage !== 'queued');
    expect(worker[0]?.stage).toBe('writing');
    expect(worker.at(-1)).toMatchObject({ stage: 'answered', status: 'PROCESSED' });
    const pieces = worker.slice(1, -1);
    expect(pieces.length).toBeGreaterThan(0);
    let written = '';
    for (const piece of pieces) {
      expect(piece).toMatchObject({ stage: 'text', status: 'INDEX', offset: written.length });
      written += piece.text ?? '';
    }
    const stored = await a.services.prompts.get({ ...alice.user, is_admin: false } as never, id);
    expect(written).toBe(stored.ai_summary);
    // Nobody else hears of it.
    expect(theirs.events.filter((e) => e.event === 'prompts')).toHaveLength(0);
  });

  it("an instant alert reaches its recipient's stream once, with what the in-app notification shows", async () => {
    await ensureDemoCompanies(a.db);
    await grant(a.db, alice.user.id, { is_email_validated: true });
    await a.db
      .updateTable('users')
      .set({
        my_instant_alerts: true,
        subscription: 'tier3_monthly',
        subscription_status: 'active',
      })
      .where('id', '=', alice.user.id)
      .execute();
    const watched = await a.app.inject({
      url: '/api/ticker/user/watchlist/append/default/NASDAQ:AAPL',
      headers: bearer(alice.token),
    });
    expect(watched.statusCode, watched.body).toBe(200);
    const since = new Date(Date.now() - 60_000);
    const article = await a.db
      .insertInto('news')
      .values({
        link: `https://wire.example/live-alert-${String(Date.now())}`,
        guid: `live-alert-${String(Date.now())}`,
        title: 'Wire headline',
        creation_date: new Date(),
        sentiment_score: [-6],
        related_exchange_tickers: ['NASDAQ:AAPL'],
        status: 'PROCESSED',
        no_bullshit: 'Plain words.',
        AI: JSON.stringify({
          title: 'Regulator opens a probe',
          sentiment: 'bearish',
          defcon_level: 2,
        }),
        source: 'test',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const mine = await open(b, 'alerts', bearer(alice.token));
    const theirs = await open(b, 'alerts', bearer(bob.token));
    await mine.ready();
    await theirs.ready();
    const first = await a.services.alerts.fanOut(since);
    expect(first.written).toBeGreaterThan(0);
    const event = await mine.next((e) => e.event === 'alerts');
    expect(event.data).toEqual({
      topic: 'alerts',
      count: 1,
      alerts: [
        {
          article_id: article.id,
          title: 'Regulator opens a probe',
          defcon_level: 2,
          sentiment: 'bearish',
          symbols: ['NASDAQ:AAPL'],
        },
      ],
    } satisfies LiveAlertEvent);

    // The same stories again write nothing, so nobody is told twice; a marker shows the stream
    // heard everything published after the second run.
    expect((await a.services.alerts.fanOut(since)).written).toBe(0);
    await a.services.live.publishAlerts([{ userId: alice.user.id }]);
    const marker = await mine.next((e) => e.event === 'alerts' && e.id !== event.id);
    expect(marker.data).toEqual({ topic: 'alerts', count: 1 });
    expect(mine.events.filter((e) => e.event === 'alerts')).toHaveLength(2);
    expect(theirs.events.filter((e) => e.event === 'alerts')).toHaveLength(0);
  });

  it.each([
    ['', 400],
    ['bogus', 400],
    ['news,bogus', 400],
    ['quotes:', 400],
    ['quotes:not a symbol', 400],
    [`alerts:00000000-0000-4000-8000-000000000000`, 400],
    ['prompts:someone', 400],
    [
      Array.from({ length: LIVE_MAX_TOPICS + 1 }, (_, i) => `quotes:NYSE:T${String(i)}`).join(','),
      400,
    ],
  ])('topics=%s answers %i with the error envelope', async (topics, status) => {
    const res = await a.app.inject({
      method: 'GET',
      url: `/api/live?topics=${encodeURIComponent(topics)}`,
      headers: bearer(alice.token),
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status: 'error' });
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    }>();
    expect(doc.paths['/api/live']?.get?.parameters?.map((p) => p.name)).toContain('topics');
  });

  it('without topics, or with unknown parameters, answers 400', async () => {
    for (const url of ['/api/live', '/api/live?topics=news&since=1']) {
      const res = await a.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error' });
    }
  });

  it(`holds at most ${String(LIVE_MAX_STREAMS_PER_CLIENT)} streams per client`, async () => {
    const held: SseClient[] = [];
    for (let i = 0; i < LIVE_MAX_STREAMS_PER_CLIENT; i += 1) {
      const stream = await open(a, 'news', bearer(bob.token));
      await stream.ready();
      held.push(stream);
    }
    const over = await open(a, 'news', bearer(bob.token));
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ status: 'error' });
    // Another client is not affected; a closed stream frees its place.
    const other = await open(a, 'news', bearer(alice.token));
    expect(other.status).toBe(200);
    held[0]?.close();
    await waitFor(async () => {
      const again = await open(a, 'news', bearer(bob.token));
      again.close();
      return again.status === 200;
    });
    for (const stream of held) stream.close();
  });

  it('replays what followed Last-Event-ID, also on the other process; an unknown id gets reset', async () => {
    const first = await open(a, 'news');
    await first.ready();
    // Streams that stay open on both processes show when each has heard everything.
    const watchers = [await open(a, 'news'), await open(b, 'news')];
    for (const watcher of watchers) await watcher.ready();
    await b.services.live.publish('news', [['news', { stage: 'ingested', ids: ['r1'] }]]);
    const seen = await first.next((e) => e.event === 'news');
    first.close();
    await b.services.live.publish('news', [['news', { stage: 'ingested', ids: ['r2'] }]]);
    await b.services.live.publish('news', [['news', { stage: 'enriched', ids: ['r2'] }]]);
    // Both processes heard both notifications before the reconnect.
    for (const watcher of watchers) {
      await watcher.next(
        (e) => e.event === 'news' && (e.data as { stage: string }).stage === 'enriched',
      );
      watcher.close();
    }

    for (const instance of [a, b]) {
      const again = await open(instance, 'news', { 'last-event-id': seen.id ?? '' });
      await again.ready();
      const replayed = again.events.filter((e) => e.event === 'news').map((e) => e.data);
      expect(replayed).toEqual([
        { topic: 'news', stage: 'ingested', ids: ['r2'] },
        { topic: 'news', stage: 'enriched', ids: ['r2'] },
      ]);
      again.close();
    }
    const unknown = await open(b, 'news', { 'last-event-id': 'not-remembered' });
    expect((await unknown.next((e) => e.event === 'reset')).data).toEqual({
      reason: 'replay-unavailable',
    });
  });

  it('a NOTIFY sent by any writer (plain SQL) reaches streams; a lost listener reconnects with a reset', async () => {
    const stream = await open(b, 'news');
    await stream.ready();
    await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({
      i: 'sql-1',
      e: 'news',
      p: [['news', { stage: 'ingested', ids: ['s1'] }]],
    })})`.execute(a.db);
    expect((await stream.next((e) => e.event === 'news')).id).toBe('sql-1');

    // The database drops b's listener connection (a restart, a failover): streams stay open.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${NOTICE_HUB_NAME} and datname = current_database()`.execute(a.db);
    await stream.next((e) => e.event === 'reset');
    await waitFor(() => Promise.resolve(b.services.live.stats().listening), 10_000);
    await a.services.live.publish('news', [['news', { stage: 'ingested', ids: ['after'] }]]);
    const after = await stream.next(
      (e) => e.event === 'news' && (e.data as { ids: string[] }).ids[0] === 'after',
      10_000,
    );
    expect(after.data).toMatchObject({ topic: 'news' });
  }, 30_000);

  it('closing the server ends its open streams', async () => {
    const extra = await startInstance(database);
    const stream = await open(extra, 'news');
    await stream.ready();
    await extra.close();
    await waitFor(() => Promise.resolve(stream.ended), 5_000);
  });
});

describe('prompt progress publisher', () => {
  const recorder = () => {
    const sent: { userId: string; data: LivePromptData }[] = [];
    return {
      sent,
      publishPrompt: (userId: string, data: LivePromptData) => {
        sent.push({ userId, data });
        return Promise.resolve();
      },
    };
  };

  it('gathers pieces into text events with their offsets, and ends after the last piece', async () => {
    const live = recorder();
    const publisher = createPromptPublisher(live, { flushMs: 60_000, maxChars: 4 });
    publisher.progress('u1', 'p1', { stage: 'writing' });
    publisher.progress('u1', 'p1', { stage: 'text', text: 'ab' });
    publisher.progress('u1', 'p1', { stage: 'text', text: 'cdef' });
    publisher.progress('u1', 'p1', { stage: 'text', text: 'g' });
    await publisher.status('u1', 'p1', 'PROCESSED');
    expect(live.sent.map((entry) => entry.data)).toEqual([
      { id: 'p1', status: 'INDEX', stage: 'writing' },
      { id: 'p1', status: 'INDEX', stage: 'text', offset: 0, text: 'abcd' },
      { id: 'p1', status: 'INDEX', stage: 'text', offset: 4, text: 'ef' },
      { id: 'p1', status: 'INDEX', stage: 'text', offset: 6, text: 'g' },
      { id: 'p1', status: 'PROCESSED', stage: 'answered' },
    ]);
    expect(live.sent.every((entry) => entry.userId === 'u1')).toBe(true);
    expect(publisher.writingCount()).toBe(0);
  });

  it('a retry voids what was gathered; the next attempt starts at offset 0', async () => {
    const live = recorder();
    const publisher = createPromptPublisher(live, { flushMs: 60_000 });
    publisher.progress('u1', 'p2', { stage: 'writing' });
    publisher.progress('u1', 'p2', { stage: 'text', text: 'lost' });
    publisher.progress('u1', 'p2', { stage: 'retry' });
    publisher.progress('u1', 'p2', { stage: 'writing' });
    publisher.progress('u1', 'p2', { stage: 'text', text: 'kept' });
    await publisher.status('u1', 'p2', 'FAILED');
    expect(live.sent.map((entry) => entry.data)).toEqual([
      { id: 'p2', status: 'INDEX', stage: 'writing' },
      { id: 'p2', status: 'INDEX', stage: 'retry' },
      { id: 'p2', status: 'INDEX', stage: 'writing' },
      { id: 'p2', status: 'INDEX', stage: 'text', offset: 0, text: 'kept' },
      { id: 'p2', status: 'FAILED', stage: 'failed' },
    ]);
  });
});
