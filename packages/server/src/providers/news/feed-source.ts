import { readFile } from 'node:fs/promises';
import { decodeFeed } from './feed-encoding.ts';
import { parseFeed } from './feed-parser.ts';
import type { NewsSource, RawNewsItem } from './news-source.ts';

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
  /** Some hosts (SEC EDGAR) require a User-Agent naming the operator. */
  userAgent?: string;
};

/** The body's bytes, refusing (without reading on) a body larger than MAX_FEED_BYTES. */
async function readCapped(response: Response, url: string): Promise<Uint8Array> {
  const tooLarge = () => new FeedError(`feed ${url} is larger than 5 MB`);
  if (Number(response.headers.get('content-length') ?? 0) > MAX_FEED_BYTES) throw tooLarge();
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FEED_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** An RSS or Atom feed fetched over HTTP(S) and parsed into news items. */
export function createFeedSource({
  url,
  fetch: fetchImpl = fetch,
  timeoutMs,
  name = `rss:${url}`,
  userAgent = 'StockPulse news reader',
}: FeedSourceOptions): NewsSource {
  return {
    name,
    fullText: true,
    fetch: async () => {
      let body: string;
      try {
        const response = await fetchImpl(url, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5',
            'user-agent': userAgent,
          },
          redirect: 'follow',
        });
        if (!response.ok) throw new FeedError(`feed ${url} answered HTTP ${response.status}`);
        body = decodeFeed(await readCapped(response, url), response.headers.get('content-type'));
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
        return parseFeed(body, { url }).items;
      } catch (error) {
        throw new FeedError(`feed ${url}: ${(error as Error).message}`, { cause: error });
      }
    },
  };
}

/** The bundled market wire (`fixtures/market-wire.xml`), read through the same feed parser. */
export const MARKET_WIRE_FIXTURE = new URL('./fixtures/market-wire.xml', import.meta.url);

/** At least this long before the ingest the newest story of the re-dated wire is dated. */
export const WIRE_LEAD_MS = 3 * 3_600_000;
const WEEK_MS = 7 * 86_400_000;

/**
 * The items shifted in time, all by the same whole number of weeks, so the newest is between
 * WIRE_LEAD_MS and WIRE_LEAD_MS + 7 days before `now`: order and spacing kept, nothing else
 * changed. Whole weeks keep each story on its weekday, so a wrap that says "on Friday" is dated
 * a Friday. The bundled wire is written for fixed dates; the store is idempotent on guid and
 * link, so the first ingest fixes its dates. The demo newsroom writes the news of the day.
 */
export function redateItems(items: readonly RawNewsItem[], now: Date): RawNewsItem[] {
  if (items.length === 0) return [];
  const dates = items.flatMap((item) => (item.publishedAt ? [item.publishedAt.getTime()] : []));
  if (dates.length === 0) return [...items];
  const newest = Math.max(...dates);
  const shift = Math.floor((now.getTime() - WIRE_LEAD_MS - newest) / WEEK_MS) * WEEK_MS;
  return items.map((item) => ({
    ...item,
    publishedAt: item.publishedAt && new Date(item.publishedAt.getTime() + shift),
  }));
}

/** The offline demo source: the bundled RSS fixture, parsed like any feed, dated before `now`. */
export function createDemoWireSource(options: { now: () => Date }): NewsSource {
  return {
    name: 'demo',
    // The wire's links are fictitious (`demo.stockpulse.local`): there is no page to read.
    fullText: false,
    fetch: async () =>
      redateItems(parseFeed(await readFile(MARKET_WIRE_FIXTURE, 'utf8')).items, options.now()),
  };
}
