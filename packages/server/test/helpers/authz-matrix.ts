import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app.ts';
import { bearer, grant, registerUser, type TestUser } from './factories.ts';

/*
 * The authorisation matrix (users-authz.test.ts and authz-*.test.ts): every API route × every
 * role, with the exact status each must get. Each file holds the rows of one subject and calls
 * `authorisationMatrix` inside its describe.
 */

export type Role = 'visitor' | 'user' | 'validated' | 'admin';

export type Call = {
  method: 'GET' | 'POST';
  url: (target: TestUser, self: TestUser | undefined) => string;
  body?: (target: TestUser) => unknown;
  /** The route answers a page (HTML), not the JSON envelope. */
  html?: boolean;
  /** The route answers a never-ending event stream: only its status is read. */
  stream?: boolean;
};

export type MatrixRow = { name: string; call: Call; expect: Record<Role, number> };

export const ok = 200;
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** What rows refer to that exists only once the app runs: an article to comment under. */
export const authzFixtures = { articleId: '' };

async function caller(t: TestApp, role: Role): Promise<TestUser | undefined> {
  if (role === 'visitor') return undefined;
  const u = await registerUser(t.app);
  if (role === 'validated') await grant(t.database.db, u.user.id, { is_email_validated: true });
  if (role === 'admin') await grant(t.database.db, u.user.id, { is_admin: true });
  return u;
}

/**
 * Builds a test app (with an article) for the enclosing describe and adds one test per row and
 * role; the caller and a target user are registered afresh for each. Returns the app's getter.
 */
export function authorisationMatrix(rows: readonly MatrixRow[]): () => TestApp {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1000' } });
    authzFixtures.articleId = (
      await t.database.db
        .insertInto('news')
        .values({
          link: 'https://example.com/authz',
          guid: 'authz',
          title: 'An article to comment on',
          summary: null,
          ai_summary: null,
          no_bullshit: null,
          creation_date: new Date('2026-11-20T12:00:00Z'),
          interest_score: null,
          AI: null,
          experiment: null,
          status_reason: null,
          source: 'test',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  for (const row of rows) {
    for (const role of ['visitor', 'user', 'validated', 'admin'] as const) {
      it(`${row.name} answers ${row.expect[role]} to a ${role}`, async () => {
        const self = await caller(t, role);
        const target = await registerUser(t.app);
        const res = await t.app.inject({
          method: row.call.method,
          url: row.call.url(target, self),
          headers: self ? bearer(self.token) : {},
          ...(row.call.body && { payload: row.call.body(target) as object }),
          ...(row.call.stream && { payloadAsStream: true }),
        });
        if (row.call.stream) {
          expect(res.statusCode).toBe(row.expect[role]);
          res.stream().destroy();
          return;
        }
        expect(res.statusCode, res.body).toBe(row.expect[role]);
        if (res.statusCode >= 400 && !row.call.html) {
          expect(res.json<{ status: string }>().status).toBe('error');
        }
      });
    }
  }
  return () => t;
}
