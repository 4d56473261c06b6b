import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isAppRoute, PAGE_PATHS } from '@app/shared/app-routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderHead, splitIndexHtml } from '../modules/seo/seo-head.ts';
import type { SeoServices } from '../modules/seo/seo-services.ts';
import { seoRoutes } from '../modules/seo/seo.routes.ts';
import { precompressAssets } from './precompress.ts';
import { withTestModeNotice } from './test-mode-notice.ts';
import {
  firstScreens,
  loadFirstScreenRenderer,
  withFirstScreen,
  type FirstScreenRenderer,
} from './web-app-first-screen.ts';
import { firstViewPreloads, readFirstViewAssets } from './web-app-preload.ts';

/**
 * The page in brotli or gzip when the browser takes it. The not-found handler is no route, so the
 * compression plugin's hook never sees these answers; the static landing page is 48 KB (9 KB in
 * brotli) and every byte of it is on the first paint's critical path.
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string) {
  const accepted = request.headers['accept-encoding'] ?? '';
  const takes = (coding: string) =>
    new RegExp(`\\b${coding}\\b(?!;\\s*q=0(?:\\.0*)?\\b)`).test(accepted);
  reply.header('vary', 'accept-encoding');
  if (takes('br')) {
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    };
    return reply.header('content-encoding', 'br').send(brotliCompressSync(body, { params }));
  }
  if (takes('gzip')) return reply.header('content-encoding', 'gzip').send(gzipSync(body));
  return reply.send(body);
}

const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>StockPulse</title>' +
  '<p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>';

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every page route
 * (HTTP 200 for pages of the route table, 404 for anything else so crawlers see a real not-found),
 * and JSON 404s under /api. Each page's HTML carries its own head (title, description, canonical,
 * Open Graph, Twitter card, JSON-LD) from the SEO service; robots.txt, the sitemaps and the Open
 * Graph images are routes of their own, ahead of the page rule.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  seo: SeoServices,
  /** The test-mode banner (test-mode-notice.ts), on every page; null on a normal server. */
  notice: string | null = null,
) {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile)
    ? withTestModeNotice(readFileSync(indexFile, 'utf8'), notice)
    : undefined;
  // /landing is drawn at build time (the web build's static-landing plugin); no app needed.
  const landingFile = path.join(distDir, 'landing.html');
  const landingHtml = existsSync(landingFile)
    ? withTestModeNotice(readFileSync(landingFile, 'utf8'), notice)
    : undefined;
  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Brotli or gzip copies written next to the assets after start-up (precompress.ts).
      preCompressed: true,
      // The server's own first-screen renderer (web-app-first-screen.ts) is no asset.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (indexHtml !== undefined) {
    app.addHook('onReady', (done) => {
      // In the background: the first visitors may get uncompressed assets, nobody waits.
      precompressAssets(path.join(distDir, 'assets')).catch((error: unknown) => {
        app.log.warn({ err: error }, 'web app: could not precompress the assets');
      });
      done();
    });
  }
  seoRoutes(app, { sitemap: seo.sitemap, images: seo.images });
  // The page's HTML is the built index.html with the head tags put where its <title> was.
  const page = splitIndexHtml(indexHtml ?? NOT_BUILT_PAGE);
  // The feed's and the company page's first screen preloaded with the page.
  const firstViewAssets = readFirstViewAssets(distDir);
  const headEnd = page.after.indexOf('</head>');
  // The feed's and a company's first screen drawn on the server (web-app-first-screen).
  // The worker (a 6 MB renderer) starts when the server listens, or at the first page asked of
  // an app that never listens (tests on inject): apps built and never asked for a page spawn none.
  let loading: Promise<FirstScreenRenderer | undefined> | undefined;
  const renderer = () =>
    (loading ??= loadFirstScreenRenderer(app, distDir).catch((error: unknown) => {
      app.log.warn({ err: error }, 'web app: could not load the first-screen renderer');
      return undefined;
    }));
  app.addHook('onListen', (done) => {
    void renderer();
    done();
  });
  app.addHook('onClose', async () => {
    await (await loading)?.close();
  });
  const firstScreenOf = firstScreens(renderer, app.log);
  const bootAfterPaint = existsSync(path.join(distDir, 'first-screen-boot.js'));
  const staticPages = new Map<string, typeof page>(
    landingHtml === undefined ? [] : [[PAGE_PATHS.landing, splitIndexHtml(landingHtml)]],
  );

  /** The page's head; the site's defaults if the lookup fails (the page itself still loads). */
  async function headOf(request: FastifyRequest, pathname: string): Promise<string> {
    const query = new URLSearchParams(request.url.slice(pathname.length + 1));
    try {
      return renderHead(await seo.head.headFor(pathname, query));
    } catch (error) {
      request.log.warn({ err: error }, 'web app: page head lookup failed');
      return renderHead(siteHead);
    }
  }
  // The site's defaults: '/error' has no head of its own and needs no lookup.
  const siteHead = await seo.head.headFor('/error', new URLSearchParams());

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ status: 'error', error_msg: `Not found: ${request.method} ${pathname}` });
    }
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(pathname);
    if (!wantsPage) return reply.status(404).type('text/plain').send('Not found');
    const known = isAppRoute(pathname);
    const head = known ? await headOf(request, pathname) : renderHead(siteHead);
    const html = staticPages.get(pathname) ?? page;
    reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    const search = request.url.slice(pathname.length + 1);
    const screen = known && html === page ? await firstScreenOf(pathname, search) : null;
    const preloads =
      known && html === page && headEnd >= 0
        ? firstViewPreloads(firstViewAssets, pathname, search, screen !== null)
        : '';
    // After the entry's own links, which the browser should fetch first.
    const withPreloads =
      preloads === ''
        ? html.after
        : `${html.after.slice(0, headEnd)}  ${preloads}\n  ${html.after.slice(headEnd)}`;
    const after =
      screen === null ? withPreloads : withFirstScreen(withPreloads, screen, bootAfterPaint);
    const body = `${html.before}${head}${after}`;
    return sendCompressed(request, reply, body);
  });
}
