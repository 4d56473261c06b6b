import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_MIN_BYTES, compressedOnce, preferredEncoding } from './compression.ts';
import { PUBLIC_CACHE_ROUTES } from './http-cache-routes.ts';

/**
 * How long a visitor's answer of a public GET may be reused: `maxAge` seconds fresh, then up
 * to `staleWhileRevalidate` seconds served stale while the browser (or a CDN) asks again.
 */
export type HttpCachePolicy = { maxAge: number; staleWhileRevalidate: number };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This public GET may be cached (http/http-cache.ts); absent, its answers are `no-store`.
     * Routes may also be listed in http/http-cache-routes.ts.
     */
    httpCache?: HttpCachePolicy;
  }
}

/** Cache-Control of an answer that must never be stored (the default of every /api answer). */
export const NO_STORE = 'no-store';
/** Cache-Control of a signed-in caller's answer of a cacheable route: kept, revalidated by ETag. */
export const PRIVATE_REVALIDATE = 'private, no-cache';

/**
 * ETags of Buffers sent again and again: the answer caches (cache/answer-cache.ts) send the same
 * Buffer object to every caller, so it is hashed once (SHA-1 of a 127 KB 5-year history cost
 * 0.2–0.6 ms a call). Such Buffers are never written after they are built.
 */
const etagOfBuffer = new WeakMap<Buffer, string>();

/** A weak validator of the serialised body: the same JSON, compressed or not, matches. */
export function weakEtag(payload: string | Buffer): string {
  if (typeof payload === 'string') return `W/"${hash('sha1', payload, 'base64url')}"`;
  let etag = etagOfBuffer.get(payload);
  if (etag === undefined) {
    etag = `W/"${hash('sha1', payload, 'base64url')}"`;
    etagOfBuffer.set(payload, etag);
  }
  return etag;
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current answer. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/** `public, max-age=…, stale-while-revalidate=…` of a visitor's answer. */
export function publicCacheControl(policy: HttpCachePolicy): string {
  return `public, max-age=${String(policy.maxAge)}, stale-while-revalidate=${String(policy.staleWhileRevalidate)}`;
}

function appendVary(reply: FastifyReply, fields: string[]) {
  const current = reply.getHeader('vary');
  const present = String(current ?? '')
    .split(',')
    .map((field) => field.trim().toLowerCase())
    .filter(Boolean);
  const added = fields.filter((field) => !present.includes(field.toLowerCase()));
  if (added.length === 0) return;
  reply.header('vary', [...(current ? [String(current)] : []), ...added].join(', '));
}

function cacheControlOf(reply: FastifyReply): string | undefined {
  const value = reply.getHeader('cache-control');
  return value === undefined ? undefined : String(value);
}

/** Whether this answer may be validated and kept: a GET's 200 whose body is in memory. */
function storable(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    reply.statusCode === 200 &&
    (typeof payload === 'string' || Buffer.isBuffer(payload))
  );
}

/**
 * HTTP caching of /api answers, decided per route (default: never stored); `table` adds
 * policies by route URL (http-cache-routes.ts):
 * - a route with a policy (its `httpCache` config, or listed in http-cache-routes.ts) answers a
 *   GET 200 with a weak `ETag` (a hash of the serialised body), and a matching `If-None-Match`
 *   with 304 and no body; visitors get `public, max-age, stale-while-revalidate`, signed-in
 *   callers `private, no-cache` (their browser keeps it and revalidates every time); the answer
 *   varies by `Authorization`, so a visitor's copy never serves a signed-in request;
 * - every other answer, and any answer that sets a cookie, is `no-store`;
 * - a Cache-Control the handler set itself is kept, but a signed-in caller's answer is never
 *   `public` (it becomes `private`).
 * Its hook is the app's and compression's is the route's, so it runs first: the ETag is the
 * same for every encoding and a 304 has nothing to compress. SSE streams hijack their reply and
 * never reach it.
 */
export function registerHttpCache(
  app: FastifyInstance,
  table: Readonly<Record<string, HttpCachePolicy>> = PUBLIC_CACHE_ROUTES,
) {
  const listed = new Set<string>();
  app.addHook('onRoute', (route) => {
    const policy = route.config?.httpCache ?? table[route.url];
    if (!policy) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.access !== 'public' || !methods.every((m) => m === 'GET' || m === 'HEAD')) {
      throw new Error(`route ${String(route.method)} ${route.url}: only public GETs may be cached`);
    }
    route.config.httpCache = policy;
    listed.add(route.url);
  });
  app.addHook('onReady', (done) => {
    const stale = Object.keys(table).filter((url) => !listed.has(url));
    done(
      stale.length === 0
        ? undefined
        : new Error(`http-cache-routes.ts lists routes that do not exist: ${stale.join(', ')}`),
    );
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith('/api')) return done(null, payload);
    if (reply.hasHeader('set-cookie')) {
      reply.header('cache-control', NO_STORE);
      return done(null, payload);
    }
    const policy = request.routeOptions.config.httpCache;
    const own = cacheControlOf(reply);
    if (!policy || !storable(request, reply, payload)) {
      if (own === undefined) reply.header('cache-control', NO_STORE);
      else if (/\bpublic\b/.test(own)) {
        if (request.user) reply.header('cache-control', own.replace(/\bpublic\b/, 'private'));
        appendVary(reply, ['authorization']);
      }
      return done(null, payload);
    }
    const etag = weakEtag(payload as string | Buffer);
    reply.header('etag', etag);
    if (request.user) {
      reply.header('cache-control', PRIVATE_REVALIDATE);
    } else if (own === undefined) {
      reply.header('cache-control', publicCacheControl(policy));
    }
    appendVary(reply, ['authorization', 'accept-encoding']);
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      const body = payload as string | Buffer;
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (
        !encoding ||
        request.headers['x-no-compression'] !== undefined ||
        Buffer.byteLength(body) < COMPRESS_MIN_BYTES
      ) {
        return done(null, payload);
      }
      // Compressed here, once per ETag; the compression plugin sees the encoding and passes it.
      const compressed = compressedOnce(etag, encoding, body);
      reply.header('content-encoding', encoding);
      reply.header('content-length', compressed.length);
      return done(null, compressed);
    }
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    done(null, '');
  });
}
