import { displayTitle, HIDDEN_TITLE } from '@app/shared/display/title';
import { isAppRoute } from '@app/shared/app-routes';
import { LRUCache } from 'lru-cache';
import { shortDescription, type HeadMeta } from './seo-head.ts';
import { PUBLIC_PAGES, SITE } from './seo-pages.ts';

/** What a link preview shows of an article (the news repository's `previewOf`). */
export type ArticlePreview = {
  id: string;
  title: string;
  ai_summary: string | null;
  description: string;
  publisher: string;
  creation_date: Date;
  updated_at: Date;
  related_exchange_tickers: string[];
};

/** What a link preview shows of a company (the company repository's `previewOf`). */
export type CompanyPreview = {
  id: string;
  company_name: string;
  exchange_tickers: string[];
  gics_sector: string;
  gics_sub_industry: string;
  ai_summary: string | null;
  long_business_summary: string;
  created_at: Date;
};

export type CompanyFinder = { symbol: string } | { id: string } | { name: string };

/** What a link preview of `/analysis/{symbol}` shows (the analysis repository's `previewOf`). */
export type AnalysisPreview = {
  company_name: string;
  exchange_tickers: string[];
  ai_summary: string | null;
  ai_upload_date: Date | null;
};

/** A blog post's preview, once the blog passes its reader in. */
export type BlogPreview = { slug: string; title: string; excerpt: string; published_at: Date };

export type SeoDeps = {
  publicUrl: string;
  articles: { previewOf: (id: string) => Promise<ArticlePreview | undefined> };
  companies: { previewOf: (finder: CompanyFinder) => Promise<CompanyPreview | undefined> };
  analyses: { previewOf: (symbol: string) => Promise<AnalysisPreview | undefined> };
  /** Hook for the blog: `/blog/{slug}` pages get their head from here when it is given. */
  blog?: { previewOf: (slug: string) => Promise<BlogPreview | undefined> };
  /** Whether a path is a page of the web app (PAGE_PATHS); tests may pass their own. */
  isPage?: (pathname: string) => boolean;
};

/** How long a looked-up preview is reused: the busiest pages then cost one read a minute. */
const PREVIEW_TTL_MS = 60_000;
const PREVIEW_CACHE_ENTRIES = 5_000;

/** A symbol as a path segment, its ':' kept readable (as the web app writes it). */
export const symbolSegment = (symbol: string) =>
  encodeURIComponent(symbol.trim().toUpperCase()).replace(/%3A/gi, ':');

/** Markdown of the analyst, as plain text for a description: markers, links and emphasis out. */
function plainText(markdown: string): string {
  return markdown
    .replace(/\[(\d+)\]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*>+/gm, '')
    .replace(/[#*_`|~]+/g, ' ');
}

/** A readable title of an article: the cookie rule of the feeds applies here too. */
export function articleTitle(title: string): string | undefined {
  const trimmed = title.trim();
  return trimmed === '' || displayTitle(trimmed) === HIDDEN_TITLE ? undefined : trimmed;
}

/**
 * The head of every page the server sends: articles, companies, analyses, blog
 * posts and the public pages get their own title, description, canonical link, Open Graph and
 * Twitter card and JSON-LD; anything else (or an unknown id) gets the site's defaults. Each
 * lookup is one indexed read, kept for a minute.
 */
export function createSeoService(deps: SeoDeps) {
  const base = deps.publicUrl.replace(/\/+$/, '');
  const isPage = deps.isPage ?? ((pathname: string) => isAppRoute(pathname));
  const siteImage = `${base}/og/site.png`;
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE.name,
    url: `${base}/`,
    logo: siteImage,
    description: SITE.description,
  };
  const publisher = {
    '@type': 'Organization',
    name: SITE.name,
    logo: { '@type': 'ImageObject', url: siteImage },
  };

  const previews = new LRUCache<string, { value: unknown }>({
    max: PREVIEW_CACHE_ENTRIES,
    ttl: PREVIEW_TTL_MS,
  });
  /** One read per key and minute; concurrent callers share the read, misses are kept too. */
  async function cached<T>(
    key: string,
    read: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const hit = previews.get(key);
    if (hit) return (await hit.value) as T | undefined;
    const value = read();
    previews.set(key, { value });
    try {
      return await value;
    } catch (error) {
      previews.delete(key);
      throw error;
    }
  }

  const article = (id: string) =>
    cached(`news:${id.toLowerCase()}`, () => deps.articles.previewOf(id));
  const company = (finder: CompanyFinder) =>
    cached(`company:${JSON.stringify(finder)}`, () => deps.companies.previewOf(finder));
  const analysis = (symbol: string) =>
    cached(`analysis:${symbol}`, () => deps.analyses.previewOf(symbol));

  const defaults = (): HeadMeta => ({
    description: SITE.description,
    type: 'website',
    image: siteImage,
    imageAlt: SITE.name,
    jsonLd: [organization],
  });

  function articleHead(row: ArticlePreview): HeadMeta {
    const title = articleTitle(row.title);
    const description = shortDescription(row.ai_summary ?? (row.description || SITE.description));
    const url = `${base}/news/view?id=${row.id}`;
    const image = `${base}/og/news/${row.id}.png`;
    const published = row.creation_date.toISOString();
    const modified = row.updated_at.toISOString();
    return {
      ...(title !== undefined && { title }),
      description,
      canonical: url,
      type: 'article',
      image,
      imageAlt: title ?? SITE.name,
      published,
      modified,
      jsonLd: [
        organization,
        {
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: (title ?? SITE.name).slice(0, 110),
          description,
          image: [image],
          datePublished: published,
          dateModified: modified,
          mainEntityOfPage: url,
          url,
          ...(row.publisher && { author: { '@type': 'Organization', name: row.publisher } }),
          publisher,
          ...(row.related_exchange_tickers.length > 0 && {
            about: row.related_exchange_tickers.map((symbol) => ({
              '@type': 'Corporation',
              tickerSymbol: symbol,
            })),
          }),
        },
      ],
    };
  }

  function companyHead(row: CompanyPreview): HeadMeta {
    const symbol = row.exchange_tickers[0] ?? '';
    const sector = [row.gics_sector, row.gics_sub_industry].filter(Boolean).join(', ');
    const summary = row.ai_summary
      ? plainText(row.ai_summary)
      : row.long_business_summary ||
        `${row.company_name} (${symbol})${sector ? `: ${sector}` : ''}. Prices, candlestick chart, news and AI analysis.`;
    const url = `${base}/ticker/${symbolSegment(symbol)}`;
    return {
      title: row.company_name,
      description: shortDescription(summary),
      canonical: url,
      type: 'website',
      image: `${base}/og/company/${symbolSegment(symbol)}.png`,
      imageAlt: `${row.company_name} (${symbol})`,
      jsonLd: [
        organization,
        {
          '@context': 'https://schema.org',
          '@type': 'Corporation',
          name: row.company_name,
          tickerSymbol: symbol,
          url,
        },
      ],
    };
  }

  function analysisHead(symbol: string, row: AnalysisPreview): HeadMeta {
    const primary = row.exchange_tickers[0] ?? symbol;
    const summary = row.ai_summary
      ? plainText(row.ai_summary)
      : `The AI analyst's analyses of ${row.company_name} (${symbol}), newest first.`;
    return {
      title: `Analysis of ${symbol}`,
      description: shortDescription(summary),
      canonical: `${base}/analysis/${symbolSegment(symbol)}`,
      type: 'website',
      image: `${base}/og/company/${symbolSegment(primary)}.png`,
      imageAlt: `${row.company_name} (${symbol})`,
      ...(row.ai_upload_date && { modified: row.ai_upload_date.toISOString() }),
      jsonLd: [organization],
    };
  }

  function blogHead(row: BlogPreview): HeadMeta {
    const url = `${base}/blog/${encodeURIComponent(row.slug)}`;
    const description = shortDescription(row.excerpt);
    return {
      title: row.title,
      description,
      canonical: url,
      type: 'article',
      image: siteImage,
      imageAlt: row.title,
      published: row.published_at.toISOString(),
      jsonLd: [
        organization,
        {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: row.title.slice(0, 110),
          description,
          datePublished: row.published_at.toISOString(),
          mainEntityOfPage: url,
          publisher,
        },
      ],
    };
  }

  /** The head of the page at `pathname` with `query`; never throws for bad input. */
  async function headFor(pathname: string, query: URLSearchParams): Promise<HeadMeta> {
    const segments = pathname.split('/').filter(Boolean).map(safeDecode);
    const [first, second] = segments;
    if (first === 'n' && second !== undefined && segments.length === 2) {
      const row = await article(second);
      return row ? articleHead(row) : defaults();
    }
    if (pathname === '/news/view') {
      const id = query.get('id')?.trim() ?? '';
      const row = id === '' ? undefined : await article(id);
      return row ? articleHead(row) : defaults();
    }
    if (first === 'ticker' && second !== undefined && segments.length === 2) {
      const row = await company({ symbol: second.trim().toUpperCase() });
      return row ? companyHead(row) : defaults();
    }
    if (pathname === '/company/view') {
      const finder = companyFinder(query);
      const row = finder ? await company(finder) : undefined;
      return row ? companyHead(row) : defaults();
    }
    if (
      first === 'analysis' &&
      second !== undefined &&
      second !== 'latest' &&
      second !== 'track-record' &&
      segments.length === 2
    ) {
      const symbol = second.trim().toUpperCase();
      const row = await analysis(symbol);
      return row ? analysisHead(symbol, row) : defaults();
    }
    if (first === 'blog' && second !== undefined && segments.length === 2 && deps.blog) {
      const blog = deps.blog;
      const row = await cached(`blog:${second}`, () => blog.previewOf(second));
      return row ? blogHead(row) : defaults();
    }
    const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const page = PUBLIC_PAGES[normalised];
    if (page && isPage(normalised)) {
      return {
        ...defaults(),
        title: page.title,
        description: page.description,
        canonical: `${base}${normalised}`,
      };
    }
    return defaults();
  }

  return {
    headFor,
    /** An article's preview (the OG image reads it through the same cache). */
    article,
    /** A company's preview by listing (the OG image). */
    companyBySymbol: (symbol: string) => company({ symbol: symbol.trim().toUpperCase() }),
  };
}

/** The company a `/company/view` query names, as the web app reads it. */
function companyFinder(query: URLSearchParams): CompanyFinder | undefined {
  const symbol = query.get('symbol')?.trim() ?? '';
  if (symbol !== '') return { symbol: symbol.toUpperCase() };
  const id = query.get('id')?.trim() ?? '';
  if (id !== '') return { id };
  const name = query.get('name')?.trim() ?? '';
  return name === '' ? undefined : { name };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export type SeoService = ReturnType<typeof createSeoService>;
