import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import * as migration from '../src/db/migrations/2026-12-01T5200-unsubscribe-tokens.ts';
import type { Services } from '../src/modules/create-services.ts';
import { hashToken, newToken } from '../src/modules/security/secrets.ts';
import type { UnsubscribeOwner } from '../src/modules/unsubscribe/unsubscribe.service.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';

const NOW = new Date('2026-11-24T15:00:00Z');
const ORIGIN = 'https://stockpulse.test';
const INVALID = 'This unsubscribe link is invalid or has expired.';
const FLAGS = ['my_instant_alerts', 'my_email_alerts_daily', 'my_email_summary'] as const;
const FLAG_OF_KIND = {
  instant: 'my_instant_alerts',
  daily: 'my_email_alerts_daily',
  weekly: 'my_email_summary',
} as const;

describe('one-click unsubscribe from every kind of mail', () => {
  let t: TestApp;
  let services: Services;
  const clock = fixedClock(NOW);
  let ada: TestUser;
  let bob: TestUser;

  const db = () => t.database.db;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const click = (path: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: form,
      payload: 'List-Unsubscribe=One-Click',
    });
  /** A fresh link of one mail, as the path a mail client opens. */
  const linkOf = async (owner: UnsubscribeOwner) => {
    const link = await services.unsubscribe.link(owner);
    expect(link.url.startsWith(`${ORIGIN}/api/unsubscribe?token=`)).toBe(true);
    expect(link.headers).toEqual({
      'List-Unsubscribe': `<${link.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    return link.url.slice(ORIGIN.length);
  };
  const flagsOf = (userId: string) =>
    db().selectFrom('users').select(FLAGS).where('id', '=', userId).executeTakeFirstOrThrow();
  const allOn = async (...users: TestUser[]) => {
    const on = { my_instant_alerts: true, my_email_alerts_daily: true, my_email_summary: true };
    for (const user of users) {
      await db().updateTable('users').set(on).where('id', '=', user.user.id).execute();
    }
  };
  const subscriber = async (email: string) =>
    (
      await db()
        .insertInto('newsletter_subscribers')
        .values({ email, status: 'confirmed', created_at: NOW, confirmed_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const statusOf = async (id: string) =>
    (
      await db()
        .selectFrom('newsletter_subscribers')
        .select(['status', 'unsubscribed_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  beforeAll(async () => {
    const env = { PUBLIC_URL: ORIGIN, RATE_LIMIT_SCALE: '1000' };
    t = await buildTestApp({ env, demoCompanies: true, clock });
    services = jobDeps(t.database.db, env, { clock }).services;
    ada = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['instant', 'daily', 'weekly'] as const)(
    'a %s link switches off exactly that kind of mail of exactly its owner',
    async (kind) => {
      await allOn(ada, bob);
      const path = await linkOf({ kind, userId: ada.user.id });
      const page = await t.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain(ada.email);
      expect(page.body).toContain(`action="${path}"`);
      // Opening the page (a mail scanner) unsubscribes nobody.
      expect((await flagsOf(ada.user.id))[FLAG_OF_KIND[kind]]).toBe(true);

      const done = await click(path);
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('You are unsubscribed');
      const expected = {
        my_instant_alerts: true,
        my_email_alerts_daily: true,
        my_email_summary: true,
      };
      expect(await flagsOf(ada.user.id)).toEqual({ ...expected, [FLAG_OF_KIND[kind]]: false });
      expect(await flagsOf(bob.user.id)).toEqual(expected);
    },
  );

  it("a rule's link takes e-mail off that rule only, and no other user's", async () => {
    const rule = async (user: TestUser, threshold: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/alerts/rules',
        headers: bearer(user.token),
        payload: {
          kind: 'price_above',
          scope: 'symbol',
          symbol: 'NASDAQ:AAPL',
          threshold,
          channels: ['email', 'push'],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ rule: { id: string } }>().rule.id;
    };
    const mailed = await rule(ada, 101);
    const other = await rule(ada, 102);
    const bobs = await rule(bob, 103);
    const path = await linkOf({ kind: 'rule', userId: ada.user.id, ruleId: mailed });
    expect((await t.app.inject({ url: path })).body).toContain('e-mails of this alert rule');
    expect((await click(path)).statusCode).toBe(200);
    const rows = await db()
      .selectFrom('alert_rules')
      .select(['id', 'channels'])
      .where('id', 'in', [mailed, other, bobs])
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.channels]))).toEqual({
      [mailed]: ['push'],
      [other]: ['email', 'push'],
      [bobs]: ['email', 'push'],
    });
  });

  it("a newsletter link takes exactly its subscriber off the list and leaves users' alerts on", async () => {
    await allOn(ada);
    const reader = await subscriber('reader@example.com');
    const neighbour = await subscriber('neighbour@example.com');
    const path = await linkOf({ kind: 'newsletter', subscriberId: reader });
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('weekly market insights');
    expect(page.body).toContain('reader@example.com');

    const done = await click(path);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await statusOf(reader)).toBe('unsubscribed');
    expect(await statusOf(neighbour)).toBe('confirmed');
    expect(await flagsOf(ada.user.id)).toEqual({
      my_instant_alerts: true,
      my_email_alerts_daily: true,
      my_email_summary: true,
    });
  });

  it('a used link answers the done page again and changes nothing more', async () => {
    const reader = await subscriber('twice@example.com');
    const path = await linkOf({ kind: 'newsletter', subscriberId: reader });
    expect((await click(path)).statusCode).toBe(200);
    const left = await db()
      .selectFrom('newsletter_subscribers')
      .select('unsubscribed_at')
      .where('id', '=', reader)
      .executeTakeFirstOrThrow();
    clock.set(new Date(NOW.getTime() + 3_600_000));
    try {
      const again = await click(path);
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain('You are unsubscribed');
      const after = await db()
        .selectFrom('newsletter_subscribers')
        .select('unsubscribed_at')
        .where('id', '=', reader)
        .executeTakeFirstOrThrow();
      expect(after.unsubscribed_at).toEqual(left.unsubscribed_at);
    } finally {
      clock.set(NOW);
    }
  });

  it.each([
    ['an unknown token', `token=${'0'.repeat(64)}`],
    ['a malformed token', 'token=nope'],
    ['a token of capitals', `token=${'A'.repeat(64)}`],
    ['no token', ''],
  ])('answers %s with the invalid page and a 400 (GET and POST)', async (_name, query) => {
    for (const res of [
      await t.app.inject({ url: `/api/unsubscribe?${query}` }),
      await click(`/api/unsubscribe?${query}`),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain(INVALID);
    }
  });

  it('answers an expired link (older than 400 days) with the invalid page and changes nothing', async () => {
    await allOn(ada);
    const path = await linkOf({ kind: 'daily', userId: ada.user.id });
    clock.set(new Date(NOW.getTime() + 401 * 86_400_000));
    try {
      const res = await click(path);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(INVALID);
      expect((await flagsOf(ada.user.id)).my_email_alerts_daily).toBe(true);
    } finally {
      clock.set(NOW);
    }
  });

  it('refuses NUL bytes in the token with a 400, never a 500', async () => {
    for (const res of [
      await t.app.inject({ url: `/api/unsubscribe?token=${'0'.repeat(10)}%00` }),
      await click(`/api/unsubscribe?token=%00${'0'.repeat(63)}`),
      await t.app.inject({
        method: 'POST',
        url: `/api/unsubscribe?token=${'0'.repeat(64)}`,
        headers: form,
        payload: 'List-Unsubscribe=One%00Click',
      }),
    ]) {
      expect(res.statusCode).toBe(400);
    }
  });

  it('serves the links of older mails on their old paths', async () => {
    await allOn(ada);
    const reader = await subscriber('old-mail@example.com');
    const weekly = (await linkOf({ kind: 'weekly', userId: ada.user.id })).split('?')[1] ?? '';
    const letter = (await linkOf({ kind: 'newsletter', subscriberId: reader })).split('?')[1] ?? '';
    expect((await t.app.inject({ url: `/api/alerts/unsubscribe?${weekly}` })).statusCode).toBe(200);
    expect((await click(`/api/alerts/unsubscribe?${weekly}`)).statusCode).toBe(200);
    expect((await flagsOf(ada.user.id)).my_email_summary).toBe(false);
    const page = await t.app.inject({ url: `/api/subscription/unsubscribe?${letter}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('old-mail@example.com');
    expect((await click(`/api/subscription/unsubscribe?${letter}`)).statusCode).toBe(200);
    expect(await statusOf(reader)).toBe('unsubscribed');
  });

  it('documents the route pair and the old paths in OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { deprecated?: boolean }>>;
    }>();
    expect(Object.keys(doc.paths['/api/unsubscribe'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/unsubscribe']?.post?.deprecated).toBeFalsy();
    expect(doc.paths['/api/alerts/unsubscribe']?.post?.deprecated).toBe(true);
    expect(doc.paths['/api/subscription/unsubscribe']?.get?.deprecated).toBe(true);
  });

  it('the migration moves every token of the two old tables into the one table', async () => {
    const reader = await subscriber('migrated@example.com');
    const issued = await db().selectFrom('unsubscribe_tokens').select('token_hash').execute();
    expect(issued.length).toBeGreaterThan(5);
    await migration.down(db() as unknown as Kysely<unknown>);
    const tokens = { instant: newToken(), rule: newToken(), newsletter: newToken() };
    const ruleId = '00000000-0000-4000-8000-0000000000aa';
    await db()
      .insertInto('alert_unsubscribe_tokens' as never)
      .values([
        {
          token_hash: hashToken(tokens.instant),
          user_id: bob.user.id,
          kind: 'instant',
          created_at: NOW,
        },
        {
          token_hash: hashToken(tokens.rule),
          user_id: bob.user.id,
          kind: 'rule',
          rule_id: ruleId,
          created_at: NOW,
        },
      ] as never)
      .execute();
    await db()
      .insertInto('newsletter_unsubscribe_tokens' as never)
      .values({
        token_hash: hashToken(tokens.newsletter),
        subscriber_id: reader,
        created_at: NOW,
      })
      .execute();
    const before = await db()
      .selectFrom('unsubscribe_tokens' as never)
      .selectAll()
      .execute()
      .catch(() => null);
    expect(before).toBeNull();
    await migration.up(db() as unknown as Kysely<unknown>);

    const moved = await db()
      .selectFrom('unsubscribe_tokens')
      .select(['token_hash', 'kind', 'user_id', 'rule_id', 'subscriber_id', 'created_at'])
      .execute();
    const byHash = new Map(moved.map((row) => [row.token_hash.toString('hex'), row]));
    expect(byHash.get(hashToken(tokens.instant).toString('hex'))).toMatchObject({
      kind: 'instant',
      user_id: bob.user.id,
      rule_id: null,
      subscriber_id: null,
      created_at: NOW,
    });
    expect(byHash.get(hashToken(tokens.rule).toString('hex'))).toMatchObject({
      kind: 'rule',
      user_id: bob.user.id,
      rule_id: ruleId,
    });
    expect(byHash.get(hashToken(tokens.newsletter).toString('hex'))).toMatchObject({
      kind: 'newsletter',
      user_id: null,
      subscriber_id: reader,
    });
    // Every token the earlier tests issued survived the round trip too.
    expect(moved).toHaveLength(issued.length + 3);
    for (const { token_hash } of issued) expect(byHash.has(token_hash.toString('hex'))).toBe(true);
    // And an old mail's link still works after the move.
    const page = await t.app.inject({
      url: `/api/subscription/unsubscribe?token=${tokens.newsletter}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('migrated@example.com');
    await allOn(bob);
    expect((await click(`/api/alerts/unsubscribe?token=${tokens.instant}`)).statusCode).toBe(200);
    expect((await flagsOf(bob.user.id)).my_instant_alerts).toBe(false);
  });
});
