import {
  DELETED_COMMENT_TEXT,
  HIDDEN_COMMENT_TEXT,
  commentsResponseSchema,
  reportsQueueResponseSchema,
  unreadRepliesResponseSchema,
  type Comment,
} from '@app/shared/api/comments';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { type Database } from '../src/db/database.ts';
import { PAST_DUE_GRACE_DAYS } from '../src/modules/billing/plans.ts';
import { type Services } from '../src/modules/create-services.ts';
import { buildSecondApp, buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { waitFor } from './helpers/wait.ts';

const NOW = new Date('2026-11-24T15:00:00.000Z');
const SETTLED = new Date(NOW.getTime() - 2 * 86_400_000);

/**
 * Each API process keeps comment answers (a thread's pages, unread replies, the reports
 * queue) serialised in memory (COMMENTS_CACHE=on). A comment, a reply, an edit, a hide, a show, a
 * report, a dismiss or a delete through one process is seen by the next read through either
 * process at once (no stale page); an author's change made by SQL reaches both through the
 * database's notice; a badge that ends with time is not served past its end.
 */
describe('comment answer cache across two app instances on one database', () => {
  const clock = fixedClock(NOW);
  let a: TestApp;
  let closeB: () => Promise<void>;
  let bServices: Services;
  let b: FastifyInstance;
  let db: Database;
  let article: string;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    a = await buildTestApp({ clock, env: { COMMENTS_CACHE: 'on', RATE_LIMIT_SCALE: '100' } });
    db = a.database.db;
    ({
      app: b,
      services: bServices,
      close: closeB,
    } = await buildSecondApp(a.database.url, {
      env: { COMMENTS_CACHE: 'on', RATE_LIMIT_SCALE: '100' },
      clock: clock,
    }));
    const row = await db
      .insertInto('news')
      .values({
        link: 'https://example.com/comments-cache',
        guid: 'comments-cache',
        title: 'Chipmaker beats estimates',
        summary: 'Revenue rose.',
        ai_summary: null,
        no_bullshit: null,
        creation_date: new Date(NOW.getTime() - 3_600_000),
        interest_score: 6,
        AI: null,
        experiment: null,
        status_reason: null,
        source: 'test',
        is_blocked: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    article = row.id;
    alice = await registerUser(a.app);
    bob = await registerUser(a.app);
    carol = await registerUser(a.app);
    admin = await registerUser(a.app);
    for (const user of [alice, bob, carol, admin]) {
      await grant(db, user.user.id, { is_email_validated: true });
    }
    await grant(db, admin.user.id, { is_admin: true });
    await db.updateTable('users').set({ created_at: SETTLED }).execute();
  }, 60_000);

  afterAll(async () => {
    await closeB();
    await a.close();
  });

  const post = async (app: FastifyInstance, url: string, body: object, user: TestUser) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: body as Record<string, unknown>,
      headers: bearer(user.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ comment?: Comment }>();
  };
  const create = async (app: FastifyInstance, user: TestUser, content: string, parent?: string) =>
    (
      await post(
        app,
        '/comments/create',
        {
          parent_obj: parent ? 'comment' : 'news',
          parent_obj_id: article,
          parent_comment_id: parent ?? null,
          content,
        },
        user,
      )
    ).comment!;

  /** The top level (or a comment's replies) as `viewer` reads it through `app`. */
  const page = async (app: FastifyInstance, viewer?: TestUser, parent?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/comments/query?parent_obj_id=${article}&parent_comment_id=${parent ?? 'NULL'}`,
      ...(viewer && { headers: bearer(viewer.token) }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...commentsResponseSchema.parse(res.json()), cache: res.headers['x-cache'] };
  };

  /** Reads until both processes answer from memory (their listeners are up, the page stored). */
  async function cachedOnBoth(viewer?: TestUser) {
    await waitFor(async () => {
      const [fromA, fromB] = [await page(a.app, viewer), await page(b, viewer)];
      return fromA.cache === 'hit' && fromB.cache === 'hit';
    });
  }

  const find = (list: { comments: Comment[] }, id: string) =>
    list.comments.find((comment) => comment.id === id);

  it('shows every write through one process on the next read through the other', async () => {
    const first = await create(a.app, alice, 'Margins look strong.');
    await cachedOnBoth();
    await cachedOnBoth(admin);
    expect(bServices.comments.cacheStats()).toMatchObject({ listening: true });

    // A new comment through A: B's cached page is dropped before A answers.
    const second = await create(a.app, bob, 'Guidance is conservative.');
    let fromB = await page(b);
    expect(fromB.cache).toBe('miss');
    expect(fromB.total).toBe(2);
    expect(find(fromB, second.id)?.content).toBe('Guidance is conservative.');

    // A reply through B changes the parent's no_replies on A's page.
    await cachedOnBoth();
    const reply = await create(b, carol, 'Agreed.', first.id);
    expect(find(await page(a.app), first.id)?.no_replies).toBe(1);
    expect((await page(a.app, undefined, first.id)).comments.map((c) => c.id)).toEqual([reply.id]);

    // An edit through A.
    await cachedOnBoth();
    await post(a.app, '/comments/update', { id: first.id, content: 'Margins held.' }, alice);
    expect(find(await page(b), first.id)?.content).toBe('Margins held.');

    // An admin hide through B: readers of A see the placeholder, the admin the text.
    await cachedOnBoth();
    await cachedOnBoth(admin);
    await post(b, '/comments/admin/hide', { id: first.id, value: true }, admin);
    expect(find(await page(a.app), first.id)).toMatchObject({
      content: HIDDEN_COMMENT_TEXT,
      username: '',
      is_hidden: true,
    });
    expect(find(await page(a.app, admin), first.id)).toMatchObject({
      content: 'Margins held.',
      is_hidden: true,
    });

    // Shown again through A.
    await cachedOnBoth();
    await post(a.app, '/comments/admin/hide', { id: first.id, value: false }, admin);
    expect(find(await page(b), first.id)?.content).toBe('Margins held.');

    // Three reports hide bob's comment; dismissing them shows it again.
    await cachedOnBoth();
    for (const reporter of [alice, carol, admin]) {
      await post(
        reporter === carol ? b : a.app,
        '/comments/create',
        {
          parent_obj: 'comment',
          parent_obj_id: article,
          parent_comment_id: second.id,
          content: 'Spam.',
          is_report: true,
        },
        reporter,
      );
    }
    expect(find(await page(b), second.id)?.content).toBe(HIDDEN_COMMENT_TEXT);
    await cachedOnBoth();
    await post(
      b,
      '/comments/admin/dismiss',
      { parent_obj_id: article, parent_comment_id: second.id },
      admin,
    );
    expect(find(await page(a.app), second.id)?.content).toBe('Guidance is conservative.');

    // Deleted through A: kept as a placeholder for its reply, read through B.
    await cachedOnBoth();
    await post(a.app, '/comments/delete', { id: first.id }, alice);
    expect(find(await page(b), first.id)).toMatchObject({
      content: DELETED_COMMENT_TEXT,
      username: DELETED_COMMENT_TEXT,
      is_deleted: true,
    });
    // The reply deleted through B removes the placeholder on A.
    await cachedOnBoth();
    await post(b, '/comments/delete', { id: reply.id }, carol);
    const fromA = await page(a.app);
    expect(fromA.total).toBe(1);
    expect(find(fromA, first.id)).toBeUndefined();
    fromB = await page(b);
    expect(fromB.comments.map((c) => c.id)).toEqual([second.id]);
  });

  it('drops a page when one of its authors changes, and a badge at its end', async () => {
    const mine = await create(a.app, alice, 'Watching the margins.');
    await cachedOnBoth();
    // A username change written by SQL (no process was asked): the database's notice reaches both.
    await db
      .updateTable('users')
      .set({ username: `${alice.username}x` })
      .where('id', '=', alice.user.id)
      .execute();
    for (const app of [a.app, b]) {
      await waitFor(async () => find(await page(app), mine.id)?.username === `${alice.username}x`);
    }
    // A past-due plan whose grace ends in an hour: the badge shows until then, not after.
    const periodEnd = new Date(NOW.getTime() - PAST_DUE_GRACE_DAYS * 86_400_000 + 3_600_000);
    await db
      .updateTable('users')
      .set({
        subscription: 'tier1_monthly',
        subscription_status: 'past_due',
        current_period_end: periodEnd,
      })
      .where('id', '=', alice.user.id)
      .execute();
    for (const app of [a.app, b]) {
      await waitFor(async () => find(await page(app), mine.id)?.subscription === 'supporter');
    }
    await cachedOnBoth();
    clock.set(new Date(NOW.getTime() + 2 * 3_600_000));
    try {
      for (const app of [a.app, b]) expect(find(await page(app), mine.id)?.subscription).toBe('');
    } finally {
      clock.set(NOW);
    }
  });

  it('keeps unread replies and the reports queue current', async () => {
    const unread = async (app: FastifyInstance, user: TestUser) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/comments/replies/unread',
        headers: bearer(user.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return { ...unreadRepliesResponseSchema.parse(res.json()), cache: res.headers['x-cache'] };
    };
    const reports = async (app: FastifyInstance) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/comments/admin/reports',
        headers: bearer(admin.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return { ...reportsQueueResponseSchema.parse(res.json()), cache: res.headers['x-cache'] };
    };
    /** Asks both processes until both answer from memory. */
    const cached = (read: (app: FastifyInstance) => Promise<{ cache: unknown }>) =>
      waitFor(async () => (await read(a.app)).cache === 'hit' && (await read(b)).cache === 'hit');
    const root = await create(a.app, bob, 'A fresh take.');
    const before = await unread(b, bob);
    await cached((app) => unread(app, bob));
    await create(a.app, carol, 'Reply one.', root.id);
    expect((await unread(b, bob)).count).toBe(before.count + 1);
    await cached((app) => unread(app, bob));
    await post(b, '/comments/replies/seen', {}, bob);
    expect((await unread(a.app, bob)).count).toBe(0);

    const queued = (await reports(b)).total;
    await cached(reports);
    await post(
      a.app,
      '/comments/create',
      {
        parent_obj: 'comment',
        parent_obj_id: article,
        parent_comment_id: root.id,
        content: 'Off topic.',
        is_report: true,
      },
      carol,
    );
    expect((await reports(b)).total).toBe(queued + 1);
    await cached(reports);
    await post(a.app, '/comments/admin/hide', { id: root.id, value: true }, admin);
    expect((await reports(b)).total).toBe(queued);
  });
});
