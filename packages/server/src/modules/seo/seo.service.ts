import { isAppRoute } from '@app/shared/app-routes';
import { LRUCache } from 'lru-cache';
import { type HeadMeta } from './seo-head.ts';
import { PUBLIC_PAGES } from './seo-pages.ts';
import { createHeadBuilders } from './page-heads.ts';

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

/**
 * The head of every page the server sends: articles, companies, analyses, blog
 * posts and the public pages get their own title, description, canonical link, Open Graph and
 * Twitter card and JSON-LD; anything else (or an unknown id) gets the site's defaults. Each
 * lookup is one indexed read, kept for a minute.
 */
export function createSeoService(deps: SeoDeps) {
  const base = deps.publicUrl.replace(/\/+$/, '');
  const isPage = deps.isPage ?? ((pathname: string) => isAppRoute(pathname));
  const { defaults, articleHead, companyHead, analysisHead, blogHead } = createHeadBuilders(base);

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
