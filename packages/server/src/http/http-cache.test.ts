import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerAccessControl, type AuthUser } from './access.ts';
import { matchesIfNoneMatch, registerHttpCache, weakEtag } from './http-cache.ts';

const MEMBER: AuthUser = {
  id: 'u1',
  username: 'member',
  is_admin: false,
  is_email_validated: true,
  is_subscriber: false,
};
const policy = { maxAge: 60, staleWhileRevalidate: 120 };
let app: FastifyInstance | undefined;

/** A bare app with the access hook (a bearer "member" signs in) and the cache hook. */
async function appWith(routes: (app: FastifyInstance) => void) {
  const instance = Fastify();
  app = instance;
  await instance.register(fastifyCookie);
  registerAccessControl(instance, (request) =>
    Promise.resolve(request.headers.authorization === 'Bearer member' ? MEMBER : null),
  );
  registerHttpCache(instance, {});
  routes(instance);
  await instance.ready();
  return instance;
}
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('HTTP cache hook', () => {
  it('compares If-None-Match weakly, in lists and with *', () => {
    const etag = weakEtag('{"a":1}');
    expect(etag).toBe(weakEtag(Buffer.from('{"a":1}')));
    expect(etag).not.toBe(weakEtag('{"a":2}'));
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(etag.slice(2), etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/"x", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch('W/"x"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });

  it('never caches an answer that sets a cookie, even on a cacheable route', async () => {
    const cached = await appWith((a) =>
      a.get('/api/c', { config: { access: 'public', httpCache: policy } }, (_request, reply) => {
        reply.setCookie('sid', 'secret');
        return { ok: true };
      }),
    );
    const res = await cached.inject('/api/c');
    expect(res.headers['set-cookie']).toBeDefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it('turns a handler’s own public Cache-Control private for a signed-in caller', async () => {
    const own = await appWith((a) =>
      a.get('/api/own', { config: { access: 'public' } }, (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { ok: true };
      }),
    );
    const visitor = await own.inject('/api/own');
    expect(visitor.headers['cache-control']).toBe('public, max-age=300');
    expect(visitor.headers.vary).toBe('authorization');
    const member = await own.inject({
      url: '/api/own',
      headers: { authorization: 'Bearer member' },
    });
    expect(member.headers['cache-control']).toBe('private, max-age=300');
  });

  it('refuses a cache policy on a route that is not a public GET', async () => {
    await expect(
      appWith((a) =>
        a.get('/api/mine', { config: { access: 'user', httpCache: policy } }, () => ({})),
      ),
    ).rejects.toThrow('only public GETs may be cached');
  });

  it('leaves pages and assets outside /api to their own headers', async () => {
    const bare = await appWith((a) =>
      a.get('/page', { config: { access: 'public' } }, () => 'html'),
    );
    expect((await bare.inject('/page')).headers['cache-control']).toBeUndefined();
  });

  it('refuses a table entry that names no route', async () => {
    const instance = Fastify();
    app = instance;
    registerHttpCache(instance, { '/api/gone': policy });
    await expect(instance.ready()).rejects.toThrow('lists routes that do not exist: /api/gone');
  });
});
