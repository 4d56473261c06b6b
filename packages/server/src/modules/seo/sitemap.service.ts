import { escape } from 'html-escaper';
import { isAppRoute } from '@app/shared/app-routes';
import { PRIVATE_PATHS, PUBLIC_PAGES } from './seo-pages.ts';
import { symbolSegment } from './page-heads.ts';

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

/** A page of a sitemap source: where it starts, how many URLs, the newest change. */
export type SitemapPage = { first_id: string; count: number; lastmod: Date };
export type SitemapEntry = { path: string; lastmod: Date };

/**
 * One kind of URL in the sitemap (articles, companies, analyses, blog posts), read in pages
 * through its repository: `pages` cuts the whole set into pages in one pass, `entries` reads one
 * page from its first id on (keyset paging: no OFFSET, whatever the size).
 */
export type SitemapSource = {
  name: string;
  /** Whether `cursor` can be a first id of this source (anything else is a 404). */
  isCursor: (cursor: string) => boolean;
  pages: (size: number) => Promise<SitemapPage[]>;
  entries: (fromId: string, size: number) => Promise<SitemapEntry[]>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export type SitemapDeps = {
  publicUrl: string;
  sources: readonly SitemapSource[];
  /** When the public pages last changed (the web build's date). */
  pagesModified: () => Date;
  /** URLs per child sitemap; the protocol's 50,000 unless a test asks for fewer. */
  pageSize?: number;
  isPage?: (pathname: string) => boolean;
};

/** How long the sitemap index is reused before it is cut again. */
const INDEX_TTL_MS = 10 * 60_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** The sources over the news, companies and analysis repositories. */
export function repositorySources(repos: {
  articles: {
    sitemapPages: (size: number) => Promise<SitemapPage[]>;
    sitemapEntries: (fromId: string, size: number) => Promise<{ id: string; updated_at: Date }[]>;
  };
  companies: {
    sitemapPages: (size: number) => Promise<SitemapPage[]>;
    sitemapEntries: (
      fromId: string,
      size: number,
    ) => Promise<{ exchange_tickers: string[]; created_at: Date }[]>;
  };
  analyses: {
    sitemapPages: (size: number) => Promise<SitemapPage[]>;
    sitemapEntries: (
      fromId: string,
      size: number,
    ) => Promise<{ exchange_tickers: string[]; lastmod: Date }[]>;
  };
}): SitemapSource[] {
  return [
    {
      name: 'news',
      isCursor: isUuid,
      pages: repos.articles.sitemapPages,
      entries: async (fromId, size) =>
        (await repos.articles.sitemapEntries(fromId, size)).map((row) => ({
          path: `/news/view?id=${row.id}`,
          lastmod: row.updated_at,
        })),
    },
    {
      name: 'companies',
      isCursor: isUuid,
      pages: repos.companies.sitemapPages,
      entries: async (fromId, size) =>
        (await repos.companies.sitemapEntries(fromId, size)).map((row) => ({
          path: `/ticker/${symbolSegment(row.exchange_tickers[0] ?? '')}`,
          lastmod: row.created_at,
        })),
    },
    {
      name: 'analyses',
      isCursor: isUuid,
      pages: repos.analyses.sitemapPages,
      entries: async (fromId, size) =>
        (await repos.analyses.sitemapEntries(fromId, size)).map((row) => ({
          path: `/analysis/${symbolSegment(row.exchange_tickers[0] ?? '')}`,
          lastmod: row.lastmod,
        })),
    },
  ];
}

/**
 * sitemap.xml (a sitemap index), its child sitemaps of at most 50,000 URLs each with `lastmod`,
 * and robots.txt. A child is named by its source and its first id
 * (`/sitemaps/news-{id}.xml`), so any API process can serve it without shared state.
 */
export function createSitemapService(deps: SitemapDeps) {
  const base = deps.publicUrl.replace(/\/+$/, '');
  const size = Math.min(deps.pageSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const isPage = deps.isPage ?? ((pathname: string) => isAppRoute(pathname));
  const sources = new Map(deps.sources.map((source) => [source.name, source]));
  let index: { xml: Promise<string>; at: number } | undefined;

  const publicPages = () => Object.keys(PUBLIC_PAGES).filter((path) => isPage(path));

  async function buildIndex(): Promise<string> {
    const children: { loc: string; lastmod: Date }[] = [
      { loc: `${base}/sitemaps/pages.xml`, lastmod: deps.pagesModified() },
    ];
    for (const source of deps.sources) {
      for (const page of await source.pages(size)) {
        children.push({
          loc: `${base}/sitemaps/${source.name}-${page.first_id}.xml`,
          lastmod: page.lastmod,
        });
      }
    }
    const body = children
      .map(
        (child) =>
          `<sitemap><loc>${escape(child.loc)}</loc><lastmod>${child.lastmod.toISOString()}</lastmod></sitemap>`,
      )
      .join('\n');
    return `${XML_HEAD}<sitemapindex ${NS}>\n${body}\n</sitemapindex>\n`;
  }

  const urlset = (entries: readonly SitemapEntry[]) =>
    `${XML_HEAD}<urlset ${NS}>\n${entries
      .map(
        (entry) =>
          `<url><loc>${escape(base + entry.path)}</loc><lastmod>${entry.lastmod.toISOString()}</lastmod></url>`,
      )
      .join('\n')}\n</urlset>\n`;

  return {
    /** The sitemap index; cut again every ten minutes (one pass per source). */
    index(now = Date.now()): Promise<string> {
      if (!index || now - index.at > INDEX_TTL_MS) {
        const xml = buildIndex();
        index = { xml, at: now };
        xml.catch(() => {
          index = undefined;
        });
      }
      return index.xml;
    },

    /** A child sitemap by file name (`pages.xml`, `news-{id}.xml` …); undefined if unknown. */
    async child(file: string): Promise<string | undefined> {
      if (file === 'pages.xml') {
        const lastmod = deps.pagesModified();
        return urlset(publicPages().map((path) => ({ path, lastmod })));
      }
      const match = /^([a-z]+)-(.+)\.xml$/.exec(file);
      const source = match ? sources.get(match[1] ?? '') : undefined;
      const cursor = match?.[2] ?? '';
      if (!source || !source.isCursor(cursor)) return undefined;
      const entries = await source.entries(cursor, size);
      return entries.length === 0 ? undefined : urlset(entries);
    },

    /** robots.txt: public pages allowed, the API and private pages not, where the sitemap is. */
    robots(): string {
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ].join('\n');
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
