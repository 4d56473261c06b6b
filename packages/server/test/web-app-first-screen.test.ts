import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { insertArticle } from './helpers/comments-app.ts';
import { writeWebBuild } from './helpers/web-build.ts';

/**
 * A stand-in for the web build's `ssr/first-screen.js`: it fetches every URL it is allowed and
 * draws what it got, so the test sees which answers the server gave it.
 */
const RENDERER = `
export async function renderFirstScreen(url, allowed, fetchApi) {
  if (url.includes('redirect')) return null;
  const answers = [];
  for (const api of allowed) {
    const res = await fetchApi(api);
    answers.push(api + ' ' + res.status + ' ' + JSON.parse(res.body).status);
  }
  return { html: '<main id="drawn">' + url + '|' + answers.join('|') + '</main>', state: '{"queries":[]}' };
}
`;

/** A feed's, an article's and a company's first screen drawn by the server into the page. */
describe("drawing a page's first screen on the server", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await writeWebBuild({
      'index.html':
        '<!doctype html><head><title>StockPulse</title>' +
        '<script type="module" src="/assets/index-1.js"></script></head><body>' +
        '<div id="root"><div class="boot-loader"><svg></svg></div></div>\n</body></html>',
      'first-view-assets.json': JSON.stringify({
        'news-feed': { js: ['assets/news-feed-page-1.js'], css: ['assets/news-1.css'] },
        company: { js: ['assets/company-page-1.js'], css: [] },
      }),
      'first-screen-boot.js': '// boots the app',
      'ssr/first-screen.js': RENDERER,
    });
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  /** The renderer loads in the background after the start: the first visits may not get it. */
  async function page(url: string, headers: Record<string, string> = {}) {
    for (;;) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      if (res.body.includes('data-first-screen')) return res;
      if (url.includes('?') && !url.startsWith('/news/view?')) return res;
      if (!url.startsWith('/news/') && !url.startsWith('/ticker/')) return res;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it("draws the feed's first screen from the API's answer, with its state and its CSS applied", async () => {
    const res = await page('/news/latest_ai');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root" data-first-screen><main id="drawn">/news/latest_ai|',
    );
    expect(res.body).toContain('/api/news/query?ai_summary__ne=NULL');
    expect(res.body).toContain(' 200 success</main></div>');
    expect(res.body).not.toContain('boot-loader');
    expect(res.body).toContain(
      '<script type="application/json" id="first-screen-state">{"queries":[]}</script>',
    );
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    // The drawn screen needs its CSS at once, and carries the answers the preload fetched.
    expect(head).toContain('<link rel="stylesheet" href="/assets/news-1.css" crossorigin>');
    expect(head).not.toContain('as="fetch"');
    // The app's scripts load after the drawn screen's first paint (first-screen-boot.js).
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain(
      '<script src="/first-screen-boot.js" data-entry="/assets/index-1.js" ' +
        'data-modules="/assets/news-feed-page-1.js" defer></script>',
    );
  });

  it("draws with the shell's public answers too (the menus' community links)", async () => {
    const res = await page('/news/latest');
    expect(res.body).toContain('|/api/telegram/info 200 success');
  });

  it("draws a company's header from its first-view answers", async () => {
    const res = await page('/ticker/NASDAQ:ZZZZ');
    expect(res.body).toContain('/api/company/query?exchange_tickers=NASDAQ%3AZZZZ&limit=1 200');
    expect(res.body).toContain('/api/company/financials/get/NASDAQ:ZZZZ?add=31%2C365 404 error');
  });

  it("draws a company's chart, news and related companies with its header (one render in the app)", async () => {
    const res = await page('/ticker/nasdaq%3Azzzy');
    expect(res.body).toContain('|/api/ticker/history/NASDAQ:ZZZY?range=1y ');
    expect(res.body).toContain('|/api/news/company/NASDAQ:ZZZY?skip=0&limit=5 ');
    expect(res.body).toContain('|/api/company/get_related/NASDAQ:ZZZY?limit=25 ');
    const feed = await page('/news/defcon');
    expect(feed.body).not.toContain('/api/ticker/history/');
  });

  it("draws an article's first screen from its answer, one screen per article", async () => {
    const ids = [await insertArticle(t.database.db), await insertArticle(t.database.db)];
    const first = await page(`/news/view?id=${ids[0]}`);
    expect(first.body).toContain(`<main id="drawn">/news/view?id=${ids[0]}|`);
    expect(first.body).toContain(`|/api/news/get/${ids[0]} 200 success`);
    const second = await page(`/news/view?id=${ids[1]}`);
    expect(second.body).toContain(`|/api/news/get/${ids[1]} 200 success`);
    expect(second.body).not.toContain(`/api/news/get/${ids[0]}`);
    // Another query, or none, is not an article's first view.
    const tracked = await t.app.inject({
      method: 'GET',
      url: `/news/view?id=${ids[0]}&utm_source=x`,
    });
    expect(tracked.body).not.toContain('data-first-screen');
  });

  it("never draws with the visitor's credentials: the screen is the anonymous one", async () => {
    const res = await page('/news/bullish', {
      authorization: 'Bearer not-a-real-token',
      cookie: 'session=whatever',
    });
    // With the bearer header the API would answer 401; the drawing asked without it.
    expect(res.body).toMatch(/sentiment_score__gte=7[^|]* 200 success/);
  });

  it('does not serve the renderer itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ssr/first-screen.js' });
    expect(res.statusCode).toBe(404);
  });

  it('draws nothing for a visit with a query or a page without a first view', async () => {
    const withQuery = await page('/news/latest_ai?page=2');
    expect(withQuery.body).not.toContain('data-first-screen');
    expect(withQuery.body).toContain('boot-loader');
    expect(withQuery.body).toContain('<script type="module" src="/assets/index-1.js">');
    expect(withQuery.body).not.toContain('first-screen-boot.js');
    const about = await page('/about');
    expect(about.body).not.toContain('data-first-screen');
  });
});
