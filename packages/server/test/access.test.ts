import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessControl, type AuthUser } from '../src/http/access.ts';
import { registerErrorHandler } from '../src/http/error-handler.ts';

const user = (overrides: Partial<AuthUser> = {}): AuthUser => ({
  id: '1',
  username: 'alice',
  is_admin: false,
  is_email_validated: false,
  is_subscriber: false,
  ...overrides,
});

const USERS: Record<string, AuthUser | null> = {
  visitor: null,
  user: user(),
  validated: user({ is_email_validated: true }),
  subscriber: user({ is_subscriber: true }),
  admin: user({ is_admin: true }),
};

function buildAccessApp() {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  // Stands in for the session layer: the test names the caller in a header.
  registerAccessControl(app, (request) =>
    Promise.resolve(USERS[String(request.headers['x-as'])] ?? null),
  );
  for (const level of ['public', 'user', 'validated', 'subscriber', 'admin'] as const) {
    app.get(`/api/${level}`, { config: { access: level } }, () => ({ status: 'success' }));
  }
  return app;
}

describe('deny-by-default authorisation', () => {
  const app = buildAccessApp();
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('refuses to start when an /api route declares no access level', async () => {
    const bad = Fastify({ logger: false });
    registerAccessControl(bad);
    expect(() => bad.get('/api/undeclared', () => 'x')).toThrow(/declares no access level/);
    await bad.close();
  });

  const matrix: Record<string, Record<string, number>> = {
    public: { visitor: 200, user: 200, validated: 200, subscriber: 200, admin: 200 },
    user: { visitor: 401, user: 200, validated: 200, subscriber: 200, admin: 200 },
    validated: { visitor: 401, user: 403, validated: 200, subscriber: 403, admin: 200 },
    subscriber: { visitor: 401, user: 403, validated: 403, subscriber: 200, admin: 200 },
    admin: { visitor: 401, user: 403, validated: 403, subscriber: 403, admin: 200 },
  };
  for (const [level, expected] of Object.entries(matrix)) {
    for (const [role, status] of Object.entries(expected)) {
      it(`answers ${status} to a ${role} on a ${level} route`, async () => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/${level}`,
          headers: { 'x-as': role },
        });
        expect(res.statusCode).toBe(status);
        if (status === 401) {
          expect(res.json()).toEqual({
            status: 'error',
            error_msg: 'Please login or register to access this functionality.',
          });
        }
      });
    }
  }
});
