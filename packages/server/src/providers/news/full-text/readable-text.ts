import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { htmlToText } from '../html-text.ts';

/**
 * Ad slots and promos by their usual markers. Readability keeps a small block inside the article
 * body when its text reads like prose ("Sponsored: the 5 dividend stocks …"), so they go first.
 */
const AD_SELECTORS = [
  '.ad',
  '.ads',
  '.advert',
  '.advertisement',
  '.sponsored',
  '.promo',
  '[id^="div-gpt-ad"]',
  '[data-ad]',
  '[aria-label="Advertisement"]',
].join(',');

/**
 * The DOM calls we make. linkedom's and Readability's declarations use the DOM library's types,
 * which the server does not load, so the document is typed by what we use of it.
 */
type PageElement = { remove(): void; setAttribute(name: string, value: string): void };
type PageDocument = {
  head: { appendChild(node: PageElement): void } | null;
  querySelector(selectors: string): PageElement | null;
  querySelectorAll(selectors: string): Iterable<PageElement>;
  createElement(tag: string): PageElement;
};

/** Shorter extractions are teasers, cookie walls or error pages rather than an article. */
export const MIN_ARTICLE_CHARS = 200;

/**
 * The readable body of an article page as plain text (paragraphs separated by a blank line):
 * Mozilla's Readability (Firefox Reader View) over a linkedom DOM drops navigation, ads and
 * boilerplate. Null when the page has no article.
 */
export function extractReadableText(html: string, url: string): string | null {
  const { document } = parseHTML(html) as unknown as { document: PageDocument };
  for (const element of document.querySelectorAll(AD_SELECTORS)) element.remove();
  // Readability resolves relative links against the document's URL.
  if (!document.querySelector('base')) {
    const base = document.createElement('base');
    base.setAttribute('href', url);
    document.head?.appendChild(base);
  }
  // Readability's `Document` parameter resolves to `any` here (no DOM library), see PageDocument.
  const article = new Readability(document, { charThreshold: MIN_ARTICLE_CHARS }).parse();
  if (!article?.content) return null;
  const text = htmlToText(article.content);
  return text.length >= MIN_ARTICLE_CHARS ? text : null;
}
