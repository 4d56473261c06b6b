import { useEffect } from 'react';

export const SITE_NAME = 'StockPulse';

export function formatDocumentTitle(title: string | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/** A title the page itself set (e.g. the company's name), which wins over the route's. */
let pageTitle: string | undefined;

/** The title the current page set, if any. */
export const currentPageTitle = (): string | undefined => pageTitle;

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
