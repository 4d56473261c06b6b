import { COMMENT_MAX_CHARS } from '@app/shared/api/comments';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import type { TestUser } from './helpers/factories.ts';
import { useCommentsApp, insertArticle } from './helpers/comments-app.ts';

/** What a comment may hold and every call's input: clear 400s and 404s, HTML kept as text. */
describe('comments API: input (spec §7)', () => {
  const app = useCommentsApp();
  const { post, get, comment } = app;
  let db: Database;
  let article: string;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  beforeAll(() => {
    ({ db, article, alice, bob, admin } = app.world());
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
