import { displayTitle, HIDDEN_TITLE } from '@app/shared/display/title';
import { shortDescription, type HeadMeta } from './seo-head.ts';
import { SITE } from './seo-pages.ts';
import type {
  AnalysisPreview,
  ArticlePreview,
  BlogPreview,
  CompanyPreview,
} from './seo.service.ts';

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
 * The head of each kind of page from its preview row: title, description, canonical link, Open
 * Graph and Twitter card, JSON-LD (the site as publisher); `defaults` for any other page.
 */
export function createHeadBuilders(base: string) {
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

  return { defaults, articleHead, companyHead, analysisHead, blogHead };
}
