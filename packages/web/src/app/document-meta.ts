import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useRouteMeta } from './route-handle';
import type { RouteMeta } from './routes';
import { currentPageTitle, formatDocumentTitle, SITE_NAME } from '../lib/page-title';

export const SITE_DESCRIPTION =
  'AI-summarised stock-market news, company analysis and watchlists for self-directed investors.';

export { formatDocumentTitle, SITE_NAME };

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

/** Writes title, description and canonical link of `meta` into the document head. */
export function applyDocumentMeta(meta: RouteMeta | undefined): void {
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
  const { pathname } = useLocation();
  useEffect(() => {
    applyDocumentMeta(meta);
  }, [meta, pathname]);
}
