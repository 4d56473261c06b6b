import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useRouteMeta } from './route-handle';
import type { RouteMeta } from './route-types';
import { currentPageTitle, formatDocumentTitle, SITE_NAME } from '../lib/page-title';

export const SITE_DESCRIPTION =
  'AI-summarised stock-market news, company analysis and watchlists for self-directed investors.';

export { formatDocumentTitle, SITE_NAME };

/** The head tags the server wrote for the page it sent (`data-seo`: title aside). */
const SERVER_TAGS = '[data-seo]';

/**
 * The page the server wrote its head for: the URL it answered and the canonical URL it named
 * (`/n/{id}` redirects to `/news/view?id=`, its canonical). While the visitor stays there, the
 * server's title, description and canonical (an article's, a company's) are the better ones.
 */
const serverPage = (() => {
  if (typeof document === 'undefined' || !document.head.querySelector(SERVER_TAGS)) return null;
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const canonicalUrl = canonical ? new URL(canonical.href) : null;
  return {
    paths: [
      window.location.pathname + window.location.search,
      ...(canonicalUrl ? [canonicalUrl.pathname + canonicalUrl.search] : []),
    ],
    title: document.title,
  };
})();
let serverTagsLive = serverPage !== null;

function upsertHeadElement<K extends 'meta' | 'link'>(
  tag: K,
  selector: string,
  init: (element: HTMLElementTagNameMap[K]) => void,
): HTMLElementTagNameMap[K] {
  const existing = document.head.querySelector<HTMLElementTagNameMap[K]>(selector);
  if (existing) return existing;
  const element = document.createElement(tag);
  init(element);
  document.head.appendChild(element);
  return element;
}

/**
 * Writes title, description and canonical link of `meta` into the document head. On the page
 * the server rendered, its tags stay (the page's own title still wins); once the visitor moves
 * on, they are removed (Open Graph, JSON-LD …) or replaced, so no tag appears twice.
 */
export function applyDocumentMeta(
  meta: RouteMeta | undefined,
  path = window.location.pathname + window.location.search,
): void {
  if (serverTagsLive && serverPage?.paths.includes(path)) {
    const own = currentPageTitle();
    document.title = own === undefined ? serverPage.title : formatDocumentTitle(own);
    return;
  }
  if (serverTagsLive) {
    serverTagsLive = false;
    document.head.querySelectorAll(SERVER_TAGS).forEach((element) => {
      element.remove();
    });
  }
  document.title = formatDocumentTitle(currentPageTitle() ?? meta?.title);

  const description = upsertHeadElement('meta', 'meta[name="description"]', (element) => {
    element.name = 'description';
  });
  description.content = meta?.description ?? SITE_DESCRIPTION;

  const current = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!meta?.canonical) {
    current?.remove();
    return;
  }
  const canonical =
    current ??
    upsertHeadElement('link', 'link[rel="canonical"]', (element) => {
      element.rel = 'canonical';
    });
  canonical.href = `${window.location.origin}${meta.canonical}`;
}

/** Applies the matched route's meta on every navigation. */
export function useDocumentMeta(): void {
  const meta = useRouteMeta();
  const { pathname, search } = useLocation();
  useEffect(() => {
    applyDocumentMeta(meta, pathname + search);
  }, [meta, pathname, search]);
}
