import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

const OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
} as const;

async function headersOf(register: (app: FastifyInstance) => Promise<void> | void) {
  const app: FastifyInstance = Fastify();
  await register(app);
  app.get('/plain', () => ({ ok: true }));
  app.get('/hijacked', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.end('data: x\n\n');
  });
  const plain = await app.inject({ method: 'GET', url: '/plain' });
  const hijacked = await app.inject({ method: 'GET', url: '/hijacked' });
  await app.close();
  const pick = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) => !['date', 'content-length', 'content-type', 'connection'].includes(name),
      ),
    );
  return { plain: pick(plain.headers), hijacked: pick(hijacked.headers) };
}

describe('security headers worked out once', () => {
  it('sets what @fastify/helmet set, on plain and hijacked answers', async () => {
    const ours = await headersOf((app) => registerSecurityHeaders(app, OPTIONS));
    const theirs = await headersOf(async (app) => {
      await app.register(fastifyHelmet, OPTIONS);
    });
    expect(ours).toEqual(theirs);
    expect(ours.plain['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(ours.hijacked['x-content-type-options']).toBe('nosniff');
  });
});
