import {
  AUTO_HIDE_REPORTS,
  HIDDEN_COMMENT_TEXT,
  reportsQueueResponseSchema,
  type Comment,
} from '@app/shared/api/comments';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import type { TestApp } from './helpers/app.ts';
import { COMMENTS_NOW, useCommentsApp, insertArticle } from './helpers/comments-app.ts';
import { grant, registerUser, type TestUser } from './helpers/factories.ts';

const NOW = COMMENTS_NOW;

/** Duplicates, links from new accounts, the rate limit, reports and the admin Hide. */
describe('comments API: spam and moderation (spec §7)', () => {
  const app = useCommentsApp();
  const { clock, post, get, comment, level, noComments } = app;
  let t: TestApp;
  let db: Database;
  let article: string;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  beforeAll(() => {
    ({ t, db, article, alice, bob, admin } = app.world());
  });

  it('refuses the same text twice and links from accounts younger than a day', async () => {
    await comment(alice, 'Buy the dip, maybe.');
    const again = await post(
      '/comments/create',
      {
        parent_obj: 'news',
        parent_obj_id: article,
        parent_comment_id: null,
        content: 'buy  the DIP, maybe.',
      },
      alice,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      status: 'error',
      error_msg: 'You already posted this comment.',
    });
    const fresh = await registerUser(t.app);
    await grant(db, fresh.user.id, { is_email_validated: true });
    await db
      .updateTable('users')
      .set({ created_at: NOW })
      .where('id', '=', fresh.user.id)
      .execute();
    const link = await post(
      '/comments/create',
      {
        parent_obj: 'news',
        parent_obj_id: article,
        parent_comment_id: null,
        content: 'Free signals at www.pump-group.com',
      },
      fresh,
    );
    expect(link.statusCode).toBe(403);
    expect(link.json<{ error_msg: string }>().error_msg).toContain('New accounts can post links');
    // Tickers and percentages are not links.
    await comment(fresh, 'BRK.B is up 3.5% while AAPL.US lags.');
    // A settled account may link.
    await comment(bob, 'Filing: https://www.sec.gov/cgi-bin/browse-edgar');
  });

  it('limits comments per user with a clear 429', async () => {
    const spammer = await registerUser(t.app);
    await grant(db, spammer.user.id, { is_email_validated: true });
    const codes: number[] = [];
    let last = '';
    for (let i = 0; i < 12; i += 1) {
      const res = await post(
        '/comments/create',
        {
          parent_obj: 'news',
          parent_obj_id: article,
          parent_comment_id: null,
          content: `Message ${i}`,
        },
        spammer,
      );
      codes.push(res.statusCode);
      last = res.body;
    }
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    expect(JSON.parse(last)).toEqual({
      status: 'error',
      error_msg: 'You are commenting too fast. Please try again in 10 minutes.',
    });
  });

  it('reports: never listed, one per user, not of one’s own comment; hidden after independent reports', async () => {
    const thread = await insertArticle(db);
    const target = await comment(alice, 'A controversial take', null, thread);
    const child = await comment(bob, 'An answer to it', target.id, thread);
    const reporters: TestUser[] = [];
    for (let i = 0; i < AUTO_HIDE_REPORTS; i += 1) {
      const reporter = await registerUser(t.app);
      await grant(db, reporter.user.id, { is_email_validated: true });
      reporters.push(reporter);
    }
    const report = (user: TestUser, reason: string, commentId: string | null = target.id) =>
      post(
        '/comments/create',
        {
          parent_obj: commentId ? 'comment' : 'news',
          parent_obj_id: thread,
          parent_comment_id: commentId,
          content: reason,
          is_report: true,
        },
        user,
      );
    const own = await report(alice, 'Reporting myself');
    expect(own.statusCode).toBe(400);
    const first = await report(reporters[0]!, 'Spam');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ comment: Comment }>().comment.is_report).toBe(true);
    const twice = await report(reporters[0]!, 'Spam again');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ status: 'error', error_msg: 'You have already reported this.' });
    // Reports are not comments: not listed, not counted.
    expect((await level(null, undefined, '', thread)).total).toBe(1);
    expect(await noComments(thread)).toBe(2);
    for (const reporter of reporters.slice(1)) {
      expect((await report(reporter, 'Misleading')).statusCode).toBe(200);
    }
    // Hidden now: readers see the placeholder (replies keep their place), admins the text.
    const asReader = (await level(null, alice, '', thread)).comments[0];
    expect(asReader).toMatchObject({
      id: target.id,
      is_hidden: true,
      content: HIDDEN_COMMENT_TEXT,
      username: '',
    });
    const asAdmin = (await level(null, admin, '', thread)).comments[0];
    expect(asAdmin).toMatchObject({ is_hidden: true, content: 'A controversial take' });
    expect(await noComments(thread)).toBe(1);
    expect((await level(target.id, undefined, '', thread)).comments.map((c) => c.id)).toEqual([
      child.id,
    ]);
    // Replying to a hidden comment is not possible for readers.
    expect(
      (
        await post(
          '/comments/create',
          {
            parent_obj: 'comment',
            parent_obj_id: thread,
            parent_comment_id: target.id,
            content: 'Reply to hidden',
          },
          bob,
        )
      ).statusCode,
    ).toBe(404);
    // The article itself can be reported too.
    expect((await report(bob, 'Clickbait headline', null)).statusCode).toBe(200);

    // The admin's queue lists both targets with their reasons and counts.
    const queue = reportsQueueResponseSchema.parse(
      (await get('/comments/admin/reports', admin)).json(),
    );
    const onComment = queue.items.find((item) => item.comment?.id === target.id);
    expect(onComment).toMatchObject({ parent_obj_id: thread, reports: AUTO_HIDE_REPORTS });
    expect(onComment?.reasons.map((r) => r.content).sort()).toEqual([
      'Misleading',
      'Misleading',
      'Spam',
    ]);
    expect(onComment?.article_title).toContain('Chipmaker beats estimates');
    const onArticle = queue.items.find(
      (item) => item.parent_obj_id === thread && item.comment === null,
    );
    expect(onArticle).toMatchObject({
      reports: 1,
      reasons: [{ username: bob.username, content: 'Clickbait headline' }],
    });

    // Dismissing shows the comment again; the queue forgets it.
    const dismissed = await post(
      '/comments/admin/dismiss',
      { parent_obj_id: thread, parent_comment_id: target.id },
      admin,
    );
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toEqual({ status: 'success', dismissed: AUTO_HIDE_REPORTS });
    expect((await level(null, alice, '', thread)).comments[0]).toMatchObject({
      is_hidden: false,
      content: 'A controversial take',
    });
    expect(await noComments(thread)).toBe(2);
    const after = reportsQueueResponseSchema.parse(
      (await get('/comments/admin/reports', admin)).json(),
    );
    expect(after.items.some((item) => item.comment?.id === target.id)).toBe(false);
  });

  it('admin Hide hides for readers and shows again; non-admins may not hide', async () => {
    clock.set(new Date(NOW.getTime() + 1_800_000)); // past the rate-limit window of the tests above
    const target = await comment(bob, 'Hide me please');
    expect(
      (await post('/comments/admin/hide', { id: target.id, value: true }, alice)).statusCode,
    ).toBe(403);
    const hidden = await post('/comments/admin/hide', { id: target.id, value: true }, admin);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<{ comment: Comment }>().comment).toMatchObject({
      is_hidden: true,
      content: 'Hide me please',
    });
    const before = await noComments();
    expect(
      (await post('/comments/admin/hide', { id: target.id, value: true }, admin)).statusCode,
    ).toBe(200);
    expect(await noComments()).toBe(before);
    expect(
      (await post('/comments/admin/hide', { id: target.id, value: false }, admin)).statusCode,
    ).toBe(200);
    expect(await noComments()).toBe((before ?? 0) + 1);
  });
});
