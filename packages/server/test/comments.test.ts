import {
  AUTO_HIDE_REPORTS,
  COMMENT_MAX_CHARS,
  DELETED_COMMENT_TEXT,
  HIDDEN_COMMENT_TEXT,
  VALIDATE_AS_HUMAN_TEXT,
  commentsResponseSchema,
  reportsQueueResponseSchema,
  unreadRepliesResponseSchema,
  type Comment,
} from '@app/shared/api/comments';
import { newsArticleSchema } from '@app/shared/api/news';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { Database } from '../src/db/database.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { listenSmtp, type RawMail } from './helpers/smtp.ts';

const NOW = new Date('2026-11-24T15:00:00.000Z');
/** Registered two days before NOW, so the link rule does not apply to them. */
const SETTLED = new Date(NOW.getTime() - 2 * 86_400_000);

let counter = 0;
async function insertArticle(db: Database, blocked = false): Promise<string> {
  counter += 1;
  const row = await db
    .insertInto('news')
    .values({
      link: `https://example.com/comments-${counter}`,
      guid: `comments-${counter}`,
      title: `Chipmaker beats estimates ${counter}`,
      summary: 'Revenue rose.',
      ai_summary: null,
      no_bullshit: null,
      creation_date: new Date(NOW.getTime() - 3_600_000),
      interest_score: 6,
      AI: null,
      experiment: null,
      status_reason: null,
      source: 'test',
      is_blocked: blocked,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('comments API (spec §7 News and comments, issue 14)', () => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  let db: Database;
  let article: string;
  let alice: TestUser; // validated
  let bob: TestUser; // validated
  let carol: TestUser; // unvalidated
  let admin: TestUser;
  let smtp: Awaited<ReturnType<typeof listenSmtp>>;
  const mails: RawMail[] = [];

  beforeAll(async () => {
    smtp = await listenSmtp((mail) => {
      mails.push(mail);
    });
    t = await buildTestApp({
      clock,
      env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '1' },
    });
    db = t.database.db;
    article = await insertArticle(db);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    carol = await registerUser(t.app);
    admin = await registerUser(t.app);
    for (const user of [alice, bob, admin]) {
      await grant(db, user.user.id, { is_email_validated: true });
    }
    await grant(db, admin.user.id, { is_admin: true });
    await db.updateTable('users').set({ created_at: SETTLED }).execute();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, body: unknown, user?: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: body as Record<string, unknown>,
      ...(user && { headers: bearer(user.token) }),
    });
  const get = (url: string, user?: TestUser) =>
    t.app.inject({
      method: 'GET',
      url: `/api${url}`,
      ...(user && { headers: bearer(user.token) }),
    });

  const comment = async (
    user: TestUser,
    content: string,
    parent: string | null = null,
    on = article,
  ) => {
    const res = await post(
      '/comments/create',
      {
        parent_obj: parent ? 'comment' : 'news',
        parent_obj_id: on,
        parent_comment_id: parent,
        content,
      },
      user,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ status: string; comment: Comment }>().comment;
  };
  const level = async (parent: string | null, user?: TestUser, query = '', on = article) => {
    const res = await get(
      `/comments/query?parent_obj_id=${on}&parent_comment_id=${parent ?? 'NULL'}${query}`,
      user,
    );
    expect(res.statusCode, res.body).toBe(200);
    return commentsResponseSchema.parse(res.json());
  };
  const noComments = async (id = article) => {
    const res = await get(`/news/query?id=${id}&no_cache=1`);
    expect(res.statusCode, res.body).toBe(200);
    const [found] = res
      .json<{ news: unknown[] }>()
      .news.map((item) => newsArticleSchema.parse(item));
    return found?.no_comments;
  };

  it('creates a comment with every §3 field, trimmed, and lists it at the top level', async () => {
    const created = await comment(alice, '  Margins look strong.  ');
    expect(created).toMatchObject({
      content: 'Margins look strong.',
      username: alice.username,
      creation_date: Math.floor(NOW.getTime() / 1000),
      update_date: null,
      is_report: false,
      subscription: '',
      parent_obj: 'news',
      parent_obj_id: article,
      parent_comment_id: null,
      no_replies: 0,
      is_deleted: false,
      is_hidden: false,
    });
    const { comments, total } = await level(null);
    expect(total).toBe(1);
    expect(comments.map((c) => c.id)).toEqual([created.id]);
    expect(await noComments()).toBe(1);
  });

  it('answers 401 to visitors and 403 with the validation text to unvalidated users', async () => {
    const body = {
      parent_obj: 'news',
      parent_obj_id: article,
      parent_comment_id: null,
      content: 'Hi',
    };
    expect((await post('/comments/create', body)).statusCode).toBe(401);
    const res = await post('/comments/create', body, carol);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', error_msg: VALIDATE_AS_HUMAN_TEXT });
  });

  it('refuses empty, too long, NUL-bearing and unknown-parent comments with clear 400/404s', async () => {
    const base = { parent_obj: 'news', parent_obj_id: article, parent_comment_id: null };
    const empty = await post('/comments/create', { ...base, content: '   ' }, alice);
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error_msg: string }>().error_msg).toContain('The comment is empty.');
    const long = await post(
      '/comments/create',
      { ...base, content: 'x'.repeat(COMMENT_MAX_CHARS + 1) },
      alice,
    );
    expect(long.statusCode).toBe(400);
    expect(
      (await post('/comments/create', { ...base, content: 'a\u0000b' }, alice)).statusCode,
    ).toBe(400);
    const unknown = await post(
      '/comments/create',
      { ...base, parent_obj_id: '00000000-0000-4000-8000-000000000000', content: 'Hello' },
      alice,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', error_msg: 'Article not found.' });
    expect(
      (await post('/comments/create', { ...base, parent_obj_id: 'nope', content: 'Hello' }, alice))
        .statusCode,
    ).toBe(404);
    const hiddenArticle = await insertArticle(db, true);
    expect(
      (
        await post(
          '/comments/create',
          { ...base, parent_obj_id: hiddenArticle, content: 'Hello' },
          alice,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await get(`/comments/query?parent_obj_id=${hiddenArticle}&parent_comment_id=NULL`))
        .statusCode,
    ).toBe(404);
    const badReply = await post(
      '/comments/create',
      {
        parent_obj: 'comment',
        parent_obj_id: article,
        parent_comment_id: '00000000-0000-4000-8000-000000000000',
        content: 'Hi',
      },
      alice,
    );
    expect(badReply.statusCode).toBe(404);
    expect(badReply.json()).toEqual({ status: 'error', error_msg: 'Comment not found.' });
  });

  it('stores HTML as plain text, never as markup', async () => {
    const created = await comment(bob, '<script>alert(1)</script> <b>bold</b>');
    expect(created.content).toBe('<script>alert(1)</script> <b>bold</b>');
    const res = await get(`/comments/query?parent_obj_id=${article}&parent_comment_id=NULL`);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('threads replies under their comment, oldest first, with no_replies and paging', async () => {
    const thread = await insertArticle(db);
    const top = await comment(alice, 'Top-level opinion', null, thread);
    const replies: Comment[] = [];
    for (let i = 0; i < 7; i += 1) {
      replies.push(await comment(i % 2 ? alice : bob, `Reply number ${i}`, top.id, thread));
    }
    const firstPage = await level(top.id, undefined, '&skip=0&limit=5', thread);
    expect(firstPage.total).toBe(7);
    expect(firstPage.comments.map((c) => c.content)).toEqual(
      replies.slice(0, 5).map((r) => r.content),
    );
    const secondPage = await level(top.id, undefined, '&skip=5&limit=5', thread);
    expect(secondPage.comments.map((c) => c.content)).toEqual(['Reply number 5', 'Reply number 6']);
    expect(secondPage.comments.every((c) => c.parent_obj === 'comment')).toBe(true);
    // Every page of the level, cut from its start (first half) or its end (second half).
    const contents = replies.map((r) => r.content);
    for (const limit of [1, 2, 3]) {
      for (let skip = 0; skip <= 8; skip += 1) {
        const page = await level(top.id, undefined, `&skip=${skip}&limit=${limit}`, thread);
        expect(page.total).toBe(7);
        expect(
          page.comments.map((c) => c.content),
          `skip ${skip} limit ${limit}`,
        ).toEqual(contents.slice(skip, skip + limit));
      }
    }
    const [topRead] = (await level(null, undefined, '', thread)).comments;
    expect(topRead?.no_replies).toBe(7);
    expect(await noComments(thread)).toBe(8);
    // The old client's shape: parent_obj comment with the comment's id as parent_obj_id.
    const res = await post(
      '/comments/create',
      { parent_obj: 'comment', parent_obj_id: top.id, content: 'Old client reply' },
      bob,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ comment: Comment }>().comment).toMatchObject({
      parent_obj_id: thread,
      parent_comment_id: top.id,
    });
    expect((await get(`/comments/query?parent_obj_id=${thread}&limit=51`)).statusCode).toBe(400);
  });

  it('lets only the author edit; others get 403, a missing id 404', async () => {
    const mine = await comment(alice, 'First take');
    const edited = await post('/comments/update', { id: mine.id, content: 'Second take' }, alice);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ comment: Comment }>().comment).toMatchObject({
      content: 'Second take',
      update_date: Math.floor(NOW.getTime() / 1000),
    });
    const other = await post('/comments/update', { id: mine.id, content: 'Hijack' }, bob);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({
      status: 'error',
      error_msg: 'Only the author can edit this comment.',
    });
    expect(
      (await post('/comments/update', { id: mine.id, content: 'Admin edit' }, admin)).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          '/comments/update',
          { id: '00000000-0000-4000-8000-000000000000', content: 'x' },
          alice,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('deletes: a leaf disappears, a comment with replies stays as [deleted], and its last reply removes it', async () => {
    const thread = await insertArticle(db);
    const parent = await comment(alice, 'Parent to delete', null, thread);
    const reply = await comment(bob, 'A reply that keeps it', parent.id, thread);
    expect(await noComments(thread)).toBe(2);
    expect((await post('/comments/delete', { id: parent.id }, bob)).statusCode).toBe(403);
    expect((await post('/comments/delete', { id: parent.id }, alice)).statusCode).toBe(200);
    const { comments, total } = await level(null, undefined, '', thread);
    expect(total).toBe(1);
    expect(comments[0]).toMatchObject({
      id: parent.id,
      content: DELETED_COMMENT_TEXT,
      username: DELETED_COMMENT_TEXT,
      is_deleted: true,
      no_replies: 1,
    });
    expect(await noComments(thread)).toBe(1);
    // No replies to a deleted comment, no edits of it.
    expect(
      (
        await post(
          '/comments/create',
          {
            parent_obj: 'comment',
            parent_obj_id: thread,
            parent_comment_id: parent.id,
            content: 'Late',
          },
          bob,
        )
      ).statusCode,
    ).toBe(404);
    // An admin deletes the reply: nothing is left to keep the placeholder.
    expect((await post('/comments/delete', { id: reply.id }, admin)).statusCode).toBe(200);
    const after = await level(null, undefined, '', thread);
    expect(after).toMatchObject({ total: 0, comments: [] });
    expect(await noComments(thread)).toBe(0);
    expect((await post('/comments/delete', { id: reply.id }, admin)).statusCode).toBe(404);
  });

  it('derives the badge from the author’s current subscription, never from the request', async () => {
    const spoof = await post(
      '/comments/create',
      {
        parent_obj: 'news',
        parent_obj_id: article,
        parent_comment_id: null,
        content: 'I am a Standard subscriber, trust me',
        subscription: 'standard',
      },
      bob,
    );
    expect(spoof.statusCode, spoof.body).toBe(200);
    expect(spoof.json<{ comment: Comment }>().comment.subscription).toBe('');
    await db
      .updateTable('users')
      .set({
        subscription: 'tier3_monthly',
        subscription_status: 'active',
        current_period_end: new Date(NOW.getTime() + 10 * 86_400_000),
      })
      .where('id', '=', bob.user.id)
      .execute();
    const listed = (await level(null, undefined, '&limit=50')).comments.filter(
      (c) => c.username === bob.username,
    );
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((c) => c.subscription === 'standard')).toBe(true);
    // Lapsed past the grace: the badge goes with it.
    await db
      .updateTable('users')
      .set({
        subscription_status: 'past_due',
        current_period_end: new Date(NOW.getTime() - 30 * 86_400_000),
      })
      .where('id', '=', bob.user.id)
      .execute();
    expect(
      (await level(null)).comments
        .filter((c) => c.username === bob.username)
        .every((c) => c.subscription === ''),
    ).toBe(true);
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

  it('counts unread replies for the parent’s author, lists them and e-mails those who opted in', async () => {
    // Later that day: the rate-limit windows of the tests above have passed.
    clock.set(new Date(NOW.getTime() + 3_600_000));
    const thread = await insertArticle(db);
    const mine = await comment(alice, 'Who else holds this?', null, thread);
    // Replies from the tests above are unread until she opens them.
    expect(
      unreadRepliesResponseSchema.parse((await get('/comments/replies/unread', alice)).json())
        .count,
    ).toBeGreaterThan(0);
    expect((await post('/comments/replies/seen', {}, alice)).statusCode).toBe(200);
    clock.set(new Date(NOW.getTime() + 3_601_000));
    await post('/user/set/my_email_replies', { value: true }, alice);
    mails.length = 0;
    await comment(bob, 'I do, since 2020.', mine.id, thread);
    await comment(alice, 'Replying to my own thread', mine.id, thread);
    const unread = unreadRepliesResponseSchema.parse(
      (await get('/comments/replies/unread', alice)).json(),
    );
    expect(unread.count).toBe(1);
    expect(unread.replies[0]).toMatchObject({
      content: 'I do, since 2020.',
      username: bob.username,
    });
    expect(unread.replies[0]?.article_title).toContain('Chipmaker beats estimates');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([alice.email]);
    expect(mails[0]?.raw).toContain(`${bob.username} replied to your comment`);
    expect((await post('/comments/replies/seen', {}, alice)).statusCode).toBe(200);
    expect(
      unreadRepliesResponseSchema.parse((await get('/comments/replies/unread', alice)).json())
        .count,
    ).toBe(0);
    // Bob did not opt in: no mail for him.
    mails.length = 0;
    const bobs = await comment(bob, 'Another view from Bob', null, thread);
    await comment(alice, 'Answering Bob', bobs.id, thread);
    expect(mails).toHaveLength(0);
    expect((await get('/comments/replies/unread')).statusCode).toBe(401);
  });

  it('gives every article in a feed its no_comments from the same query', async () => {
    const res = await get('/news/query?limit=20&no_cache=1');
    expect(res.statusCode).toBe(200);
    const articles = res
      .json<{ news: unknown[] }>()
      .news.map((item) => newsArticleSchema.parse(item));
    const byId = new Map(articles.map((a) => [a.id, a.no_comments]));
    expect(byId.get(article)).toBeGreaterThan(0);
  });

  it('validates every call’s input with 400s', async () => {
    expect((await get('/comments/query')).statusCode).toBe(400);
    expect((await get(`/comments/query?parent_obj_id=${article}&skip=-1`)).statusCode).toBe(400);
    expect(
      (await get(`/comments/query?parent_obj_id=${article}&parent_comment_id=abc`)).statusCode,
    ).toBe(400);
    expect((await get(`/comments/query?parent_obj_id=${article}&order=x`)).statusCode).toBe(400);
    expect(
      (
        await post(
          '/comments/create',
          { parent_obj: 'page', parent_obj_id: article, content: 'x' },
          alice,
        )
      ).statusCode,
    ).toBe(400);
    expect((await post('/comments/update', { id: 'x', content: 'x' }, alice)).statusCode).toBe(400);
    expect((await post('/comments/delete', { id: 42 }, alice)).statusCode).toBe(400);
    expect((await post('/comments/admin/hide', { id: article }, admin)).statusCode).toBe(400);
  });
});
