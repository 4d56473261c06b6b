import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isPublicAddress } from './public-address.ts';

/** A page could not be read as an article; the message says why (logged, never thrown on). */
export class PageError extends Error {}

export type PageFetchOptions = {
  timeoutMs: number;
  /** Bytes of (decompressed) HTML read at most; defaults to 3 MB. */
  maxBytes?: number;
  /**
   * Lets the fetch reach loopback and private addresses. Only tests (a local server) set it: in
   * production a news link must never reach our own network (SSRF).
   */
  allowPrivateAddresses?: boolean;
};

export const DEFAULT_MAX_PAGE_BYTES = 3 * 1024 * 1024;
const MAX_REDIRECTS = 5;

/**
 * Resolves like dns.lookup but connects only to public addresses. Checking inside the socket's
 * own lookup (not before the request) leaves no window for DNS rebinding.
 */
export function publicOnlyLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = allowPrivate
        ? addresses
        : addresses.filter((entry) => isPublicAddress(entry.address));
      const first = allowed[0];
      if (!first) {
        return callback(new PageError(`${hostname} resolves to a non-public address`), '', 0);
      }
      if (options.all) return callback(null, allowed);
      return callback(null, first.address, first.family);
    });
  };
}

function get(url: URL, options: PageFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal skips the lookup, so it is checked here.
  if (isIP(host) && !options.allowPrivateAddresses && !isPublicAddress(host)) {
    return Promise.reject(new PageError(`${host} is not a public address`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        lookup: publicOnlyLookup(options.allowPrivateAddresses ?? false),
        headers: {
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'Mozilla/5.0 (compatible; StockPulse news reader)',
        },
      },
      resolve,
    );
    request.on('error', reject);
  });
}

export function decompressed(response: IncomingMessage): Readable {
  const decoder = (() => {
    switch ((response.headers['content-encoding'] ?? '').trim().toLowerCase()) {
      case 'gzip':
      case 'x-gzip':
        return zlib.createGunzip();
      case 'deflate':
        return zlib.createInflate();
      case 'br':
        return zlib.createBrotliDecompress();
      default:
        return null;
    }
  })();
  if (!decoder) return response;
  // pipeline (not pipe): an aborted response must end the read with its error, not stall it.
  return pipeline(response, decoder, () => undefined);
}

/** The page's text: the Content-Type charset, else a `<meta charset>`, else UTF-8. */
export function decodeHtml(bytes: Buffer, contentType: string): string {
  const head = bytes.subarray(0, 4096).toString('latin1');
  const label =
    /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

async function readHtml(response: IncomingMessage, maxBytes: number): Promise<string> {
  const contentType = response.headers['content-type'] ?? '';
  if (!/^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) {
    response.resume();
    throw new PageError(`not an HTML page (${contentType || 'no content type'})`);
  }
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw new PageError(`page larger than ${maxBytes} bytes`);
  }
  const body = decompressed(response);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      response.destroy();
      throw new PageError(`page larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return decodeHtml(Buffer.concat(chunks), contentType);
}

/**
 * An article page's HTML over http(s): redirects followed (at most 5, each checked again),
 * HTML only, size-capped, one deadline for the whole fetch. Throws a PageError saying why not.
 */
export async function fetchArticlePage(
  link: string,
  options: PageFetchOptions,
): Promise<{ url: string; html: string }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new PageError('not a URL');
  }
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new PageError(`refusing ${url.protocol} URL`);
      }
      const response = await get(url, options, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        if (hop >= MAX_REDIRECTS) throw new PageError('too many redirects');
        url = new URL(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new PageError(`HTTP ${status}`);
      }
      const html = await readHtml(response, options.maxBytes ?? DEFAULT_MAX_PAGE_BYTES);
      return { url: url.href, html };
    }
  } catch (error) {
    if (signal.aborted) throw new PageError(`timed out after ${options.timeoutMs} ms`);
    if (error instanceof PageError) throw error;
    throw new PageError((error as Error).message, { cause: error });
  }
}
