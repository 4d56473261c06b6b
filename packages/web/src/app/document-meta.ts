import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useRouteMeta } from './route-handle';
import type { RouteMeta } from './routes';

export const SITE_NAME = 'StockPulse';
export const SITE_DESCRIPTION =
  'AI-summarised stock-market news, company analysis and watchlists for self-directed investors.';

export function formatDocumentTitle(title: string | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

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

/** A title the page itself set (e.g. the company's name), which wins over the route's. */
let pageTitle: string | undefined;

/**
 * Sets the document title from the page (`undefined` keeps the route's title). The route meta
 * effect runs after the page's in the same commit and keeps this title; leaving the page drops it.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    pageTitle = title;
    if (title !== undefined) document.title = formatDocumentTitle(title);
    return () => {
      pageTitle = undefined;
    };
  }, [title]);
}

/** Writes title, description and canonical link of `meta` into the document head. */
export function applyDocumentMeta(meta: RouteMeta | undefined): void {
  document.title = formatDocumentTitle(pageTitle ?? meta?.title);

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
