import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { decompressed, publicOnlyLookup } from './full-text/page-fetch.ts';
import { isPublicAddress } from './full-text/public-address.ts';

/** What a feed's server told us to send back next time (conditional GET). */
export type FeedValidators = { etag: string | null; lastModified: string | null };

export type FeedFetchRequest = {
  url: string;
  validators?: FeedValidators;
  /** Lets the fetch reach loopback and private addresses (feeds the operator configured). */
  allowPrivateAddresses?: boolean;
};

/** One fetch of a feed: its body, "not modified", or why not. */
export type FeedFetchResult = {
  /** The HTTP status of the last response; null when none came (network error, timeout). */
  status: number | null;
  /** The decompressed body when the server sent one (2xx). */
  body?: Buffer;
  contentType?: string | null;
  /** Validators to send next time (the server's new ones, or the ones sent on a 304). */
  validators: FeedValidators;
  /** Where the feed lives now when every redirect on the way was permanent (301, 308). */
  movedTo: string | null;
  /** Bytes received on the wire (before decompression). */
  wireBytes: number;
  /** Set when the fetch failed: the reason, shown to the admin. */
  error?: string;
  /** How long the server asked us to wait (Retry-After on 429 or 503). */
  retryAfterMs?: number;
};

export type FeedFetcherOptions = {
  timeoutMs: number;
  /** Decompressed bytes read at most (5 MB by default). */
  maxBytes?: number;
  /** At least this long between two requests to the same host (1 s by default). */
  hostSpacingMs?: number;
  userAgent?: string;
  /** Monotonic time and waiting: tests and the bench pass a simulated pair. */
  monotonicNow?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Wall-clock milliseconds, to read a Retry-After given as an HTTP date. */
  wallNow?: () => number;
};

export const MAX_FEED_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;

/** `Retry-After` as milliseconds from `now`: seconds or an HTTP date; undefined when unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

class FetchFailure extends Error {}

/**
 * A polite HTTP client for feeds: conditional GET with the validators it is given, gzip and
 * brotli, at most 5 redirects (each hop checked again), Retry-After read on 429 and 503, at
 * least `hostSpacingMs` between two requests to one host, a size cap and one deadline for the
 * whole fetch. It never throws: a failure is a result with an `error`.
 *
 * It speaks node:http itself (as the article-page reader does) so that the address check runs in
 * the socket's own DNS lookup: an admin-given URL can reach only public addresses, with no window
 * for DNS rebinding, unless the caller allows private ones.
 */
export function createFeedFetcher(options: FeedFetcherOptions) {
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  const spacing = options.hostSpacingMs ?? 1000;
  const monotonic = options.monotonicNow ?? (() => performance.now());
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  /** Per host: when its next request may start (a chain, so concurrent callers queue). */
  const hostTurns = new Map<string, Promise<number>>();
  const wallNow = options.wallNow ?? (() => Date.now());

  /** Waits for the host's turn and books the next one `spacing` after this request starts. */
  async function hostTurn(host: string): Promise<void> {
    const previous = hostTurns.get(host) ?? Promise.resolve(0);
    const mine = previous.then(async (notBefore) => {
      const wait = notBefore - monotonic();
      if (wait > 0) await sleep(wait);
      return monotonic() + spacing;
    });
    hostTurns.set(host, mine);
    await mine;
  }

  function get(
    url: URL,
    headers: Record<string, string>,
    allowPrivate: boolean,
    signal: AbortSignal,
  ): Promise<IncomingMessage> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !allowPrivate && !isPublicAddress(host)) {
      return Promise.reject(new FetchFailure(`${host} is not a public address`));
    }
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.get(
        url,
        { signal, headers, lookup: publicOnlyLookup(allowPrivate) },
        resolve,
      );
      request.on('error', reject);
    });
  }

  async function readBody(response: IncomingMessage): Promise<{ body: Buffer; wire: number }> {
    if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
      response.destroy();
      throw new FetchFailure(`larger than ${maxBytes / 1024 / 1024} MB`);
    }
    let wire = 0;
    response.on('data', (chunk: Buffer) => {
      wire += chunk.byteLength;
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of decompressed(response) as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        response.destroy();
        throw new FetchFailure(`larger than ${maxBytes / 1024 / 1024} MB`);
      }
      chunks.push(chunk);
    }
    return { body: Buffer.concat(chunks), wire };
  }

  return {
    async fetch(request: FeedFetchRequest): Promise<FeedFetchResult> {
      const sent: FeedValidators = request.validators ?? { etag: null, lastModified: null };
      const signal = AbortSignal.timeout(options.timeoutMs);
      let movedTo: string | null = null;
      let permanent = true;
      let status: number | null = null;
      let wireBytes = 0;
      try {
        let url = new URL(request.url);
        for (let hop = 0; ; hop++) {
          if (url.protocol !== 'http:' && url.protocol !== 'https:') {
            throw new FetchFailure(`refusing a ${url.protocol} URL`);
          }
          const headers: Record<string, string> = {
            accept:
              'application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
            'accept-encoding': 'gzip, br, deflate',
            'user-agent': options.userAgent ?? 'StockPulse news reader',
          };
          // Validators belong to the feed's own URL; a redirect target gets them too, as the
          // same document under another address.
          if (sent.etag) headers['if-none-match'] = sent.etag;
          if (sent.lastModified) headers['if-modified-since'] = sent.lastModified;
          await hostTurn(url.host);
          const response = await get(url, headers, request.allowPrivateAddresses ?? false, signal);
          status = response.statusCode ?? 0;
          const location = response.headers.location;
          if (status >= 300 && status < 400 && status !== 304 && location) {
            response.resume();
            if (hop >= MAX_REDIRECTS) throw new FetchFailure('more than 5 redirects');
            permanent &&= status === 301 || status === 308;
            url = new URL(location, url);
            if (permanent) movedTo = url.href;
            continue;
          }
          if (status === 304) {
            response.resume();
            return { status, validators: sent, movedTo, wireBytes };
          }
          if (status < 200 || status >= 300) {
            response.resume();
            const wait =
              status === 429 || status === 503
                ? retryAfterMs(response.headers['retry-after'], wallNow())
                : undefined;
            return {
              status,
              validators: sent,
              movedTo,
              wireBytes,
              error: `HTTP ${status}`,
              ...(wait !== undefined && { retryAfterMs: wait }),
            };
          }
          const { body, wire } = await readBody(response);
          wireBytes += wire;
          const header = (name: string) => {
            const value = response.headers[name];
            return typeof value === 'string' && value.length <= 500 ? value : null;
          };
          return {
            status,
            body,
            contentType: response.headers['content-type'] ?? null,
            validators: { etag: header('etag'), lastModified: header('last-modified') },
            movedTo,
            wireBytes,
          };
        }
      } catch (error) {
        const message = signal.aborted
          ? `timed out after ${options.timeoutMs} ms`
          : error instanceof Error
            ? error.message
            : String(error);
        return { status, validators: sent, movedTo, wireBytes, error: message };
      }
    },
  };
}

export type FeedFetcher = ReturnType<typeof createFeedFetcher>;
