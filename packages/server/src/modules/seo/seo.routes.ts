import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OgImageService } from './og-image.service.ts';
import type { SitemapService } from './sitemap.service.ts';

/** Crawlers and link previews may keep these a while; a new article gets its own URL anyway. */
const SITEMAP_CACHE = 'public, max-age=600';
const IMAGE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain').send('Not found');

/**
 * The site's root files, outside /api and ahead of the web app's page rule:
 * /robots.txt, /sitemap.xml, /sitemaps/{child}.xml and the Open Graph images /og/….png.
 * Public by nature (the access hook makes every non-/api route public).
 */
export function seoRoutes(
  app: FastifyInstance,
  deps: { sitemap: SitemapService; images: OgImageService },
) {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('cache-control', SITEMAP_CACHE)
      .type('text/plain; charset=utf-8')
      .send(deps.sitemap.robots()),
  );

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .header('cache-control', SITEMAP_CACHE)
      .type('application/xml; charset=utf-8')
      .send(await deps.sitemap.index()),
  );

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const xml = await deps.sitemap.child(request.params.file);
    if (xml === undefined) return notFound(reply);
    return reply
      .header('cache-control', SITEMAP_CACHE)
      .type('application/xml; charset=utf-8')
      .send(xml);
  });

  const png = (reply: FastifyReply, image: Buffer | undefined) =>
    image === undefined
      ? notFound(reply)
      : reply.header('cache-control', IMAGE_CACHE).type('image/png').send(image);

  app.get<{ Params: { file: string } }>('/og/news/:file', async (request, reply) => {
    const id = /^(.{1,64})\.png$/.exec(request.params.file)?.[1];
    return png(reply, id === undefined ? undefined : await deps.images.article(id));
  });

  app.get<{ Params: { file: string } }>('/og/company/:file', async (request, reply) => {
    const symbol = /^(.{1,40})\.png$/.exec(request.params.file)?.[1];
    return png(reply, symbol === undefined ? undefined : await deps.images.company(symbol));
  });

  app.get('/og/site.png', async (_request, reply) => png(reply, await deps.images.site()));
}
