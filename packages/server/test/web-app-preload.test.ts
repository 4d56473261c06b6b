import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { writeWebBuild } from './helpers/web-build.ts';

const FEED_FIRST_PAGE =
  '/api/news/query?ai_summary__ne=NULL&amp;related_exchange_tickers__not__size=0&amp;order_by=-creation_date&amp;skip=0&amp;limit=5';

/** The feed's and the company page's first screen preloaded with the page's HTML. */
describe("preloading a page's first view", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await writeWebBuild({
      'index.html':
        '<!doctype html><head><title>StockPulse</title>' +
        '<script type="module" src="/assets/index-1.js"></script></head><div id="root"></div>',
      'first-view-assets.json': JSON.stringify({
        'news-feed': { js: ['assets/news-feed-page-1.js'], css: ['assets/news-1.css'] },
        company: { js: ['assets/company-page-1.js', 'assets/market-1.js'], css: [] },
      }),
    });
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it("links the feed's first page and its route chunks after the entry, in the head", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/news/latest_ai' });
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="preload" as="fetch" fetchpriority="low" href="${FEED_FIRST_PAGE}" crossorigin>`,
    );
    expect(head).toContain(
      '<link rel="preload" as="style" fetchpriority="low" href="/assets/news-1.css" crossorigin>',
    );
    expect(head).toContain(
      '<link rel="modulepreload" fetchpriority="low" href="/assets/news-feed-page-1.js" crossorigin>',
    );
    expect(head.indexOf('news-feed-page-1.js')).toBeGreaterThan(head.indexOf('index-1.js'));
  });

  it("links a company's header data and the company page's chunks", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ticker/nasdaq:aapl' });
    expect(res.body).toContain(
      'href="/api/company/query?exchange_tickers=NASDAQ%3AAAPL&amp;limit=1"',
    );
    expect(res.body).toContain('href="/api/company/financials/get/NASDAQ:AAPL?add=31%2C365"');
    expect(res.body).toContain('href="/assets/market-1.js"');
  });

  it('preloads no API answer for a visit with a query, and nothing for other pages', async () => {
    const withQuery = await t.app.inject({ method: 'GET', url: '/news/latest_ai?symbol=AAPL' });
    expect(withQuery.body).not.toContain('rel="preload" as="fetch"');
    for (const url of ['/about', '/news/class/earnings', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('rel="preload"');
      expect(res.body, url).not.toContain('rel="modulepreload"');
    }
  });

  it('escapes what the address puts into a link', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ticker/%22%3E%3Cb%3Ex' });
    expect(res.body).not.toContain('"><b>');
    expect(res.body).toContain('/api/company/financials/get/%22%3E%3CB%3EX?');
  });
});
