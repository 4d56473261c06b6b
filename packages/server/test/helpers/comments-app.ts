import { commentsResponseSchema, type Comment } from '@app/shared/api/comments';
import { newsArticleSchema } from '@app/shared/api/news';
import { afterAll, beforeAll, expect } from 'vitest';
import { fixedClock } from '../../src/clock.ts';
import type { Database } from '../../src/db/database.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { bearer, grant, registerUser, type TestUser } from './factories.ts';
import { listenSmtp, type RawMail } from './smtp.ts';

/** Business time of the comments tests. */
export const COMMENTS_NOW = new Date('2026-11-24T15:00:00.000Z');
/** Registered two days before COMMENTS_NOW, so the link rule does not apply to them. */
const SETTLED = new Date(COMMENTS_NOW.getTime() - 2 * 86_400_000);

let counter = 0;
/** Stores an article (published an hour before COMMENTS_NOW) to comment under. */
export async function insertArticle(db: Database, blocked = false): Promise<string> {
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
      creation_date: new Date(COMMENTS_NOW.getTime() - 3_600_000),
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

type CommentsWorld = {
  t: TestApp;
  db: Database;
  article: string;
  /** Validated, registered two days ago, like bob and admin. */
  alice: TestUser;
  bob: TestUser;
  /** Not validated. */
  carol: TestUser;
  admin: TestUser;
};

/**
 * For the enclosing describe of a comments*.test.ts: a test app on a fixed clock with a test SMTP
 * server, an article and four users, and the calls the tests make (post and get as a user, write
 * a comment, read a level of a thread, an article's no_comments).
 */
export function useCommentsApp() {
  const clock = fixedClock(COMMENTS_NOW);
  const mails: RawMail[] = [];
  let smtp: Awaited<ReturnType<typeof listenSmtp>>;
  let world: CommentsWorld;

  beforeAll(async () => {
    smtp = await listenSmtp((mail) => {
      mails.push(mail);
    });
    const t = await buildTestApp({
      clock,
      env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '1' },
    });
    const db = t.database.db;
    const article = await insertArticle(db);
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const carol = await registerUser(t.app);
    const admin = await registerUser(t.app);
    for (const user of [alice, bob, admin]) {
      await grant(db, user.user.id, { is_email_validated: true });
    }
    await grant(db, admin.user.id, { is_admin: true });
    await db.updateTable('users').set({ created_at: SETTLED }).execute();
    world = { t, db, article, alice, bob, carol, admin };
  });
  afterAll(async () => {
    await world.t.close();
    await smtp.close();
  });

  const post = (url: string, body: unknown, user?: TestUser) =>
    world.t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: body as Record<string, unknown>,
      ...(user && { headers: bearer(user.token) }),
    });
  const get = (url: string, user?: TestUser) =>
    world.t.app.inject({
      method: 'GET',
      url: `/api${url}`,
      ...(user && { headers: bearer(user.token) }),
    });

  const comment = async (
    user: TestUser,
    content: string,
    parent: string | null = null,
    on = world.article,
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
  const level = async (parent: string | null, user?: TestUser, query = '', on = world.article) => {
    const res = await get(
      `/comments/query?parent_obj_id=${on}&parent_comment_id=${parent ?? 'NULL'}${query}`,
      user,
    );
    expect(res.statusCode, res.body).toBe(200);
    return commentsResponseSchema.parse(res.json());
  };
  const noComments = async (id = world.article) => {
    const res = await get(`/news/query?id=${id}&no_cache=1`);
    expect(res.statusCode, res.body).toBe(200);
    const [found] = res
      .json<{ news: unknown[] }>()
      .news.map((item) => newsArticleSchema.parse(item));
    return found?.no_comments;
  };

  return { clock, mails, world: () => world, post, get, comment, level, noComments };
}
