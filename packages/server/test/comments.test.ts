import {
  DELETED_COMMENT_TEXT,
  VALIDATE_AS_HUMAN_TEXT,
  unreadRepliesResponseSchema,
  type Comment,
} from '@app/shared/api/comments';
import { newsArticleSchema } from '@app/shared/api/news';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import type { TestUser } from './helpers/factories.ts';
import { COMMENTS_NOW, useCommentsApp, insertArticle } from './helpers/comments-app.ts';

const NOW = COMMENTS_NOW;

/** Writing, threading, editing and deleting comments, the badge, unread replies and no_comments. */
describe('comments API (spec §7 News and comments)', () => {
  const app = useCommentsApp();
  const { clock, mails, post, get, comment, level, noComments } = app;
  let db: Database;
  let article: string;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let admin: TestUser;
  beforeAll(() => {
    ({ db, article, alice, bob, carol, admin } = app.world());
  });

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
});
