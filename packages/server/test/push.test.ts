import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { fixedClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import { jobDefinitions } from '../src/jobs/registry.ts';
import { createServices, type Services } from '../src/modules/create-services.ts';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { startFakePushService } from './helpers/fake-push-service.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const clock = fixedClock('2026-11-20T14:00:00Z');

let database: TestDatabase;
let jobs: JobQueue;
let services: Services;
let app: FastifyInstance;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
let ada: TestUser;

beforeAll(async () => {
  pushService = await startFakePushService();
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000',
    PUBLIC_URL: 'https://stockpulse.example',
  });
  const log = pino({ level: 'silent' });
  jobs = await createJobQueue({
    url: database.url,
    log,
    worker: false,
    definitions: jobDefinitions,
  });
  services = createServices({
    config,
    db: database.db,
    jobs,
    log,
    clock,
    pushAgent: pushService.agent,
  });
  app = await buildApp({ config, db: database.db, jobs, log, clock, services });
  await app.ready();
  ada = await registerUser(app);
});

afterAll(async () => {
  await app.close();
  services.close();
  await jobs.stop(1_000);
  await database.drop();
  await pushService.close();
});

const subscribe = (user: TestUser, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/push/subscribe',
    headers: { ...bearer(user.token), 'user-agent': CHROME },
    payload: body as object,
  });

/** A push delivery of `userId` in the outbox, due now. */
async function pushDelivery(userId: string, key: string) {
  return (
    await database.db
      .insertInto('deliveries')
      .values({
        user_id: userId,
        address: null,
        channel: 'push',
        kind: 'instant',
        key,
        payload: JSON.stringify({
          subject: 'Alert: Apple beats',
          title: 'Apple beats estimates',
          line: 'Revenue rose 8 % on iPhone sales.',
          url: 'https://stockpulse.example/news/view?id=00000000-0000-4000-8000-000000000007',
        }),
        created_at: clock.now(),
        due_at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

const deliveryRow = (id: string) =>
  database.db
    .selectFrom('deliveries')
    .select(['status', 'attempts', 'last_error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('browser push', () => {
  it('makes the VAPID key pair once, keeps it in the database and shows only the public key', async () => {
    const first = await app.inject({ url: '/api/push/key', headers: bearer(ada.token) });
    expect(first.statusCode).toBe(200);
    const { public_key } = first.json<{ public_key: string }>();
    expect(public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const stored = await database.db
      .selectFrom('push_vapid_keys')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored.public_key).toBe(public_key);
    expect(first.body).not.toContain(stored.private_key);
    const again = await app.inject({ url: '/api/push/key', headers: bearer(ada.token) });
    expect(again.json<{ public_key: string }>().public_key).toBe(public_key);
  });

  it('refuses a subscription that is not an https push endpoint with well-formed keys', async () => {
    const good = pushService.browser();
    const cases: [unknown, RegExp][] = [
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, /https URL/],
      [{ ...good, endpoint: 'https://127.0.0.1/x' }, /not an address/],
      [{ ...good, endpoint: `${good.endpoint}${'a'.repeat(1000)}` }, /longer than 1000/],
      [{ ...good, endpoint: `${good.endpoint}\u0000` }, /NUL|URL/],
      [{ ...good, keys: { ...good.keys, p256dh: 'abc' } }, /p256dh/],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` } }, /auth/],
      [{ endpoint: good.endpoint }, /keys/],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(ada, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json<{ error_msg: string }>().error_msg).toMatch(message);
    }
    const devices = await app.inject({ url: '/api/push/devices', headers: bearer(ada.token) });
    expect(devices.json<{ devices: unknown[] }>().devices).toEqual([]);
  });

  it('stores a browser, lists it to its owner only, and sends it a test notification it can decrypt', async () => {
    const browser = pushService.browser();
    const res = await subscribe(ada, { ...browser, expirationTime: null });
    expect(res.statusCode).toBe(200);
    const device = res.json<{ device: { id: string; label: string; service: string } }>().device;
    expect(device.label).toBe('Chrome on Linux');
    expect(device.service).toMatch(/^push\.stockpulse\.test:\d+$/);
    expect(res.body).not.toContain(browser.keys.auth);

    const bob = await registerUser(app);
    const bobs = await app.inject({ url: '/api/push/devices', headers: bearer(bob.token) });
    expect(bobs.json<{ devices: unknown[] }>().devices).toEqual([]);
    const taken = await app.inject({
      method: 'POST',
      url: `/api/push/devices/${device.id}/remove`,
      headers: bearer(bob.token),
    });
    expect(taken.statusCode).toBe(404);

    const before = pushService.received.length;
    const test = await app.inject({
      method: 'POST',
      url: '/api/push/test',
      headers: bearer(ada.token),
    });
    expect(test.json()).toMatchObject({ status: 'success', sent: 1, removed: 0, failed: 0 });
    expect(pushService.problems).toEqual([]);
    const got = pushService.received.slice(before);
    expect(got).toHaveLength(1);
    const key = await app.inject({ url: '/api/push/key', headers: bearer(ada.token) });
    expect(got[0]).toMatchObject({
      payload: { title: 'StockPulse test notification', url: '/pages/user', tag: 'test' },
      ttl: '86400',
      vapidKey: key.json<{ public_key: string }>().public_key,
      audience: new URL(browser.endpoint).origin,
    });

    const removed = await app.inject({
      method: 'POST',
      url: `/api/push/devices/${device.id}/remove`,
      headers: bearer(ada.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ devices: unknown[] }>().devices).toEqual([]);
  });

  it('sends a push delivery of the outbox to every browser and removes the one the push service calls gone', async () => {
    const user = await registerUser(app);
    const live = pushService.browser();
    const expired = pushService.browser('gone');
    expect((await subscribe(user, live)).statusCode).toBe(200);
    expect((await subscribe(user, expired)).statusCode).toBe(200);
    const id = await pushDelivery(user.user.id, 'story-apple');

    const before = pushService.received.length;
    await services.alerts.sendDue();
    expect(await deliveryRow(id)).toMatchObject({ status: 'sent' });
    const got = pushService.received.slice(before);
    expect(got.map((push) => push.payload)).toEqual([
      {
        title: 'Apple beats estimates',
        body: 'Revenue rose 8 % on iPhone sales.',
        url: '/news/view?id=00000000-0000-4000-8000-000000000007',
        tag: 'story-apple',
      },
    ]);
    const left = await app.inject({ url: '/api/push/devices', headers: bearer(user.token) });
    expect(left.json<{ devices: { service: string }[] }>().devices).toHaveLength(1);
    expect(
      await database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', expired.endpoint)
        .execute(),
    ).toEqual([]);
  });

  it('retries a push delivery the push service failed, and skips one for a user with no browser', async () => {
    const user = await registerUser(app);
    expect((await subscribe(user, pushService.browser('broken'))).statusCode).toBe(200);
    const failing = await pushDelivery(user.user.id, 'story-outage');
    const nobody = await registerUser(app);
    const unheard = await pushDelivery(nobody.user.id, 'story-nobody');

    await services.alerts.sendDue();
    expect(await deliveryRow(failing)).toEqual({
      status: 'pending',
      attempts: 1,
      last_error: 'the push service answered 500',
    });
    expect(await deliveryRow(unheard)).toEqual({
      status: 'skipped',
      attempts: 1,
      last_error: 'no browser with notifications on',
    });
    // The browser is kept: an outage is no expired subscription.
    const devices = await app.inject({ url: '/api/push/devices', headers: bearer(user.token) });
    expect(devices.json<{ devices: unknown[] }>().devices).toHaveLength(1);
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const [path, method] of [
      ['/api/push/key', 'get'],
      ['/api/push/devices', 'get'],
      ['/api/push/subscribe', 'post'],
      ['/api/push/devices/{id}/remove', 'post'],
      ['/api/push/test', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    }
  });

  it('moves a browser to the account that subscribes it again, with its new keys', async () => {
    const browser = pushService.browser();
    const first = await registerUser(app);
    const second = await registerUser(app);
    expect((await subscribe(first, browser)).statusCode).toBe(200);
    expect((await subscribe(second, browser)).statusCode).toBe(200);
    const firsts = await app.inject({ url: '/api/push/devices', headers: bearer(first.token) });
    const seconds = await app.inject({ url: '/api/push/devices', headers: bearer(second.token) });
    expect(firsts.json<{ devices: unknown[] }>().devices).toHaveLength(0);
    expect(seconds.json<{ devices: unknown[] }>().devices).toHaveLength(1);
  });
});
