import { readFile } from 'node:fs/promises';
import { parseFeed } from './feed-parser.ts';
import type { NewsSource } from './news-source.ts';

/** A feed could not be fetched or read; the message names the feed. */
export class FeedError extends Error {}

const MAX_FEED_BYTES = 5 * 1024 * 1024;

export type FeedSourceOptions = {
  url: string;
  /** Defaults to the global fetch; tests and proxies may pass their own. */
  fetch?: typeof fetch;
  timeoutMs: number;
  /** Stored as the articles' `source`; defaults to `rss:<url>`. */
  name?: string;
};

/** An RSS or Atom feed fetched over HTTP(S) and parsed into news items. */
export function createFeedSource({
  url,
  fetch: fetchImpl = fetch,
  timeoutMs,
  name = `rss:${url}`,
}: FeedSourceOptions): NewsSource {
  return {
    name,
    fetch: async () => {
      let body: string;
      try {
        const response = await fetchImpl(url, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5',
            'user-agent': 'StockPulse news reader',
          },
          redirect: 'follow',
        });
        if (!response.ok) throw new FeedError(`feed ${url} answered HTTP ${response.status}`);
        const length = Number(response.headers.get('content-length') ?? 0);
        if (length > MAX_FEED_BYTES) throw new FeedError(`feed ${url} is larger than 5 MB`);
        body = await response.text();
      } catch (error) {
        if (error instanceof FeedError) throw error;
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        throw new FeedError(
          timedOut
            ? `feed ${url} timed out after ${timeoutMs} ms`
            : `feed ${url} could not be fetched: ${(error as Error).message}`,
          { cause: error },
        );
      }
      try {
        return parseFeed(body);
      } catch (error) {
        throw new FeedError(`feed ${url}: ${(error as Error).message}`, { cause: error });
      }
    },
  };
}

/** The bundled market wire (`fixtures/market-wire.xml`), read through the same feed parser. */
export const MARKET_WIRE_FIXTURE = new URL('./fixtures/market-wire.xml', import.meta.url);

/** The offline demo source: the bundled RSS fixture, parsed like any feed. */
export function createDemoWireSource(): NewsSource {
  return {
    name: 'demo',
    fetch: async () => parseFeed(await readFile(MARKET_WIRE_FIXTURE, 'utf8')),
  };
}
