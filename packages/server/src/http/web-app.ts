import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppRoute } from '@app/shared/app-routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>StockPulse</title>' +
  '<p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>';

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every page route
 * (HTTP 200 for pages of the route table, 404 for anything else so crawlers see a real not-found),
 * and JSON 404s under /api.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ status: 'error', error_msg: `Not found: ${request.method} ${pathname}` });
    }
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(pathname);
    if (!wantsPage) return reply.status(404).type('text/plain').send('Not found');
    return reply
      .status(isAppRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml ?? NOT_BUILT_PAGE);
  });
}
