import type { FastifyBaseLogger } from 'fastify';
import {
  fetchArticlePage,
  type PageFetchOptions,
} from '../../providers/news/full-text/page-fetch.ts';
import { extractReadableText } from '../../providers/news/full-text/readable-text.ts';

/** An article page's readable text; throws (PageError) when the page cannot be read. */
export type FullTextReader = (link: string) => Promise<string | null>;

/** Pages read per ingest run at most (newest articles first) and at the same time. */
export const FULL_TEXT_MAX_PAGES = 20;
export const FULL_TEXT_CONCURRENCY = 3;

/** Fetches a page (http(s), HTML only, size- and time-capped, public addresses) and extracts its text. */
export function createFullTextReader(options: PageFetchOptions): FullTextReader {
  return async (link) => {
    const page = await fetchArticlePage(link, options);
    return extractReadableText(page.html, page.url);
  };
}

/**
 * The readable text of the newest `maxPages` links, read `concurrency` at a time. A page that
 * fails (timeout, 404, not HTML, no article) is logged and left out: it never fails the ingest.
 */
export async function readFullTexts(
  items: readonly { link: string; publishedAt: Date }[],
  read: FullTextReader,
  log: FastifyBaseLogger,
  limits: { maxPages?: number; concurrency?: number } = {},
): Promise<Map<string, string>> {
  const queue = [...items]
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
    .slice(0, limits.maxPages ?? FULL_TEXT_MAX_PAGES);
  const texts = new Map<string, string>();
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      try {
        const text = await read(item.link);
        if (text) texts.set(item.link, text);
        else log.info({ link: item.link }, 'no article text found on the page');
      } catch (error) {
        log.info({ link: item.link, reason: (error as Error).message }, 'full text not read');
      }
    }
  };
  const workers = Math.max(1, limits.concurrency ?? FULL_TEXT_CONCURRENCY);
  await Promise.all(Array.from({ length: workers }, worker));
  return texts;
}
