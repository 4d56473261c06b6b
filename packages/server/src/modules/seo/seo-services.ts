import { statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { createOgImageService } from './og-image.service.ts';
import type { OgImageRepository } from './og-image.repository.ts';
import { createSeoService, type SeoDeps } from './seo.service.ts';
import { createSitemapService, repositorySources, type SitemapSource } from './sitemap.service.ts';

type SitemapRepos = Parameters<typeof repositorySources>[0];

/**
 * Search engines and link previews, built once by the composition root from the
 * news, companies and analysis repositories' read functions: the page heads, the sitemap and
 * robots.txt, and the Open Graph images.
 */
export function createSeoServices(deps: {
  publicUrl: string;
  webDistDir: string;
  articles: SeoDeps['articles'] & SitemapRepos['articles'];
  companies: SeoDeps['companies'] & SitemapRepos['companies'];
  analyses: SeoDeps['analyses'] & SitemapRepos['analyses'];
  /** Hook for the blog: its previews and its sitemap source, once it exists. */
  blog?: { previewOf: NonNullable<SeoDeps['blog']>['previewOf']; sitemap: SitemapSource };
  images: OgImageRepository;
  log: FastifyBaseLogger;
  clock: Clock;
  /** URLs per child sitemap (tests ask for fewer than 50,000). */
  sitemapPageSize?: number;
}) {
  const head = createSeoService({
    publicUrl: deps.publicUrl,
    articles: deps.articles,
    companies: deps.companies,
    analyses: deps.analyses,
    ...(deps.blog && { blog: { previewOf: deps.blog.previewOf } }),
  });
  const indexFile = path.join(deps.webDistDir, 'index.html');
  const sitemap = createSitemapService({
    publicUrl: deps.publicUrl,
    sources: [...repositorySources(deps), ...(deps.blog ? [deps.blog.sitemap] : [])],
    // The public pages change with the web build.
    pagesModified: () => {
      try {
        return statSync(indexFile).mtime;
      } catch {
        return deps.clock.now();
      }
    },
    ...(deps.sitemapPageSize !== undefined && { pageSize: deps.sitemapPageSize }),
  });
  const images = createOgImageService({ seo: head, store: deps.images, log: deps.log });
  return { head, sitemap, images };
}

export type SeoServices = ReturnType<typeof createSeoServices>;
