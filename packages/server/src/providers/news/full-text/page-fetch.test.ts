import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchArticlePage } from './page-fetch.ts';
import { isPublicAddress } from './public-address.ts';
import { extractReadableText } from './readable-text.ts';

const PAGE = new URL('./fixtures/article-page.html', import.meta.url);

describe('article pages and their readable text', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const page = await readFile(PAGE);
    server = createServer((req, res) => {
      switch (req.url) {
        case '/costco':
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(page);
        case '/costco-gzip':
          res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
          return res.end(gzipSync(page));
        case '/moved':
          res.writeHead(301, { location: '/costco' });
          return res.end();
        case '/pdf':
          res.writeHead(200, { 'content-type': 'application/pdf' });
          return res.end('%PDF-1.7');
        case '/huge':
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end(`<html><body><p>${'x'.repeat(20_000)}</p></body></html>`);
        case '/slow':
          return; // never answers
        case '/stalls-gzip':
          // Headers and part of the compressed body, then nothing more.
          res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
          return res.write(gzipSync(page).subarray(0, 200));
        default:
          res.writeHead(404, { 'content-type': 'text/html' });
          return res.end('<h1>Not found</h1>');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const local = { timeoutMs: 2_000, allowPrivateAddresses: true };

  it('keeps only the article body of a news page: no navigation, ads, share tools or footer', async () => {
    const page = await fetchArticlePage(`${base}/costco`, local);
    const text = extractReadableText(page.html, page.url) ?? '';
    const paragraphs = text.split('\n\n');
    expect(paragraphs[0]).toMatch(/^Costco Wholesale Corp\. said on Thursday that net sales/);
    expect(text).toContain(
      '“Our members continue to consolidate their trips and trust us on value,”',
    );
    expect(paragraphs.at(-1)).toMatch(/outperforming the S&P 500, as investors bet/);
    for (const noise of [
      'Subscribe for $1',
      'Advertisement',
      'Open a brokerage account',
      'cookies',
      'Share on X',
      'newsletter',
      'All rights reserved',
      'Personal Finance',
      'gtag',
    ]) {
      expect(text).not.toContain(noise);
    }
  });

  it('follows redirects and reads compressed pages', async () => {
    expect((await fetchArticlePage(`${base}/moved`, local)).url).toBe(`${base}/costco`);
    const zipped = await fetchArticlePage(`${base}/costco-gzip`, local);
    expect(zipped.html).toContain('Costco Wholesale Corp.');
  });

  it('refuses what is not an HTML page, a missing page, a large page and a slow page', async () => {
    await expect(fetchArticlePage(`${base}/pdf`, local)).rejects.toThrow(
      'not an HTML page (application/pdf)',
    );
    await expect(fetchArticlePage(`${base}/gone`, local)).rejects.toThrow('HTTP 404');
    await expect(fetchArticlePage(`${base}/huge`, { ...local, maxBytes: 10_000 })).rejects.toThrow(
      'page larger than 10000 bytes',
    );
    const started = Date.now();
    await expect(fetchArticlePage(`${base}/slow`, { ...local, timeoutMs: 300 })).rejects.toThrow(
      'timed out after 300 ms',
    );
    expect(Date.now() - started).toBeLessThan(1_500);
    await expect(
      fetchArticlePage(`${base}/stalls-gzip`, { ...local, timeoutMs: 300 }),
    ).rejects.toThrow('timed out after 300 ms');
  });

  it('refuses other schemes and, unless allowed, loopback and private addresses', async () => {
    await expect(fetchArticlePage('file:///etc/passwd', local)).rejects.toThrow('refusing file:');
    await expect(fetchArticlePage(`${base}/costco`, { timeoutMs: 2_000 })).rejects.toThrow(
      '127.0.0.1 is not a public address',
    );
    await expect(
      fetchArticlePage(base.replace('127.0.0.1', 'localhost') + '/costco', { timeoutMs: 2_000 }),
    ).rejects.toThrow('localhost resolves to a non-public address');
  });

  it('tells public addresses from loopback, private, link-local and mapped ones', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('finds no article in a page without one', () => {
    const html = '<html><body><nav><a href="/">Home</a></nav><p>Short.</p></body></html>';
    expect(extractReadableText(html, 'https://example.com/')).toBeNull();
  });
});
