import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FeedError,
  MARKET_WIRE_FIXTURE,
  createDemoWireSource,
  createFeedSource,
  redateItems,
} from './feed-source.ts';

const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom wire</title>
  <entry><title>Intel (NASDAQ: INTC) rises</title><link href="https://example.com/intc"/>
  <id>urn:intc</id><updated>2026-11-20T10:00:00Z</updated></entry></feed>`;

const latin1 = `<?xml version="1.0" encoding="ISO-8859-1"?>
<rss version="2.0"><channel><title>Café Bourse</title>
  <item><title>L'Oréal étend sa gamme</title><link>https://example.com/loreal</link></item>
</channel></rss>`;

/** A local feed server: the fixture as RSS, an Atom feed, broken XML, an error and a stall. */
async function startFeedServer(): Promise<{ server: Server; url: string }> {
  const wire = await readFile(MARKET_WIRE_FIXTURE, 'utf8');
  const server = createServer((req, res) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (req.url === '/wire.xml') send(200, 'application/rss+xml', wire);
    else if (req.url === '/atom') send(200, 'application/atom+xml', atom);
    else if (req.url === '/broken') send(200, 'application/rss+xml', '<rss><channel><item>');
    else if (req.url === '/html') send(200, 'text/html', '<html><body>Blocked</body></html>');
    else if (req.url === '/latin1') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(Buffer.from(latin1, 'latin1'));
    } else if (req.url === '/huge') {
      // Chunked, without a Content-Length: the cap must hold while reading.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = `<!-- ${'x'.repeat(64 * 1024)} -->`;
      let sent = 0;
      const pump = () => {
        while (sent < 200 && res.write(chunk)) sent += 1;
        if (sent < 200) res.once('drain', pump);
        else res.end();
      };
      res.write('<rss><channel>');
      pump();
    } else if (req.url === '/slow') setTimeout(() => send(200, 'application/rss+xml', wire), 2_000);
    else send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

describe('RSS/Atom feed source over HTTP', () => {
  let base: string;
  let server: Server;
  beforeAll(async () => {
    ({ server, url: base } = await startFeedServer());
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const source = (path: string, timeoutMs = 1_000) =>
    createFeedSource({ url: `${base}${path}`, timeoutMs });

  it('fetches and parses the market wire fixture as RSS', async () => {
    const feed = source('/wire.xml');
    expect(feed.name).toBe(`rss:${base}/wire.xml`);
    const items = await feed.fetch();
    expect(items.length).toBeGreaterThanOrEqual(30);
    expect(new Set(items.map((item) => item.link)).size).toBe(items.length);
    for (const item of items) {
      expect(item.title.length).toBeGreaterThan(10);
      expect(item.publisher.length).toBeGreaterThan(1);
      expect(item.publishedAt?.getTime()).not.toBeNaN();
      expect(item.publishedAt).not.toBeNull();
      expect(item.description).not.toMatch(/<|&[a-z]+;/);
    }
    expect(new Set(items.map((item) => item.publisher)).size).toBeGreaterThanOrEqual(8);
    expect(items.find((item) => item.guid === 'stockpulse-wire-0003')?.publisher).toBe(
      'MarketWatch',
    );
  });

  it('reads the same items from the bundled file as the demo source, which re-dates them', async () => {
    const overHttp = await source('/wire.xml').fetch();
    const now = new Date('2027-05-24T15:00:00Z');
    const demo = createDemoWireSource({ now: () => now });
    expect(demo.name).toBe('demo');
    expect(await demo.fetch()).toEqual(redateItems(overHttp, now));
  });

  it('fetches an Atom feed', async () => {
    expect(await source('/atom').fetch()).toMatchObject([
      { guid: 'urn:intc', link: 'https://example.com/intc', publisher: 'Atom wire' },
    ]);
  });

  it('decodes a feed in the encoding its XML declaration names', async () => {
    expect(await source('/latin1').fetch()).toMatchObject([
      { title: "L'Oréal étend sa gamme", publisher: 'Café Bourse' },
    ]);
  });

  it('refuses a feed larger than 5 MB', async () => {
    await expect(source('/huge', 5_000).fetch()).rejects.toThrow(/is larger than 5 MB/);
  });

  it('fails with a clear error on malformed XML, a non-feed page and an HTTP error', async () => {
    await expect(source('/broken').fetch()).rejects.toThrow(
      new RegExp(`^feed ${base}/broken: malformed XML: <item> is never closed`),
    );
    await expect(source('/html').fetch()).rejects.toThrow(/not a feed: the root element is <html>/);
    await expect(source('/missing').fetch()).rejects.toThrow(/answered HTTP 404/);
    await expect(
      createFeedSource({ url: 'http://127.0.0.1:1/feed', timeoutMs: 1_000 }).fetch(),
    ).rejects.toThrow(FeedError);
  });

  it('gives up on a feed that does not answer in time', async () => {
    const started = Date.now();
    await expect(source('/slow', 200).fetch()).rejects.toThrow(/timed out after 200 ms/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
