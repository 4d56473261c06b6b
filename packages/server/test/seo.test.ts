import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { createAnalysisRepository } from '../src/modules/analysis/analysis.repository.ts';
import { createCompanyRepository } from '../src/modules/companies/company.repository.ts';
import { createNewsRepository } from '../src/modules/news/news.repository.ts';
import type { OgCard } from '../src/modules/seo/og-image.ts';
import { createOgImageRepository } from '../src/modules/seo/og-image.repository.ts';
import { createOgImageService } from '../src/modules/seo/og-image.service.ts';
import { createSeoServices } from '../src/modules/seo/seo-services.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';

const NOW = '2026-11-25T12:00:00Z';
const PUBLIC_URL = 'https://stockpulse.example';
const HOSTILE = `Acme "Rockets" </title><script>alert('x')</script> & more`;

/** The web build's index.html as Vite writes it: its own title and description. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The build's own description."
    />
    <title>StockPulse</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let seq = 0;

describe('SEO: page heads, sitemap, robots.txt and Open Graph images', () => {
  let t: TestApp;
  let dist: string;
  let articleId: string;
  let blockedId: string;
  let companyId: string;

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  async function insertArticle(values: { title?: string; blocked?: boolean; at?: string } = {}) {
    seq += 1;
    const row = await t.database.db
      .insertInto('news')
      .values({
        link: `https://wire.example/seo-${seq}`,
        guid: `seo-${seq}`,
        title: values.title ?? `Story ${seq}`,
        description: 'What happened, in short.',
        ai_summary: `Summary of story ${seq} <b>bold</b>.`,
        publisher: 'Wire & Co',
        creation_date: new Date(
          values.at ?? `2026-11-${String(1 + (seq % 20)).padStart(2, '0')}T10:00:00Z`,
        ),
        related_exchange_tickers: ['NYSE:ACME'],
        status: 'PROCESSED',
        is_blocked: values.blocked ?? false,
        source: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-seo-dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    t = await buildTestApp({
      env: { WEB_DIST_DIR: dist, PUBLIC_URL },
      clock: fixedClock(NOW),
    });
    await createCompanyRepository(t.database.db).insertWithSecurities([
      {
        company_name: HOSTILE,
        safe_name: 'ACME_ROCKETS',
        exchange_tickers: ['NYSE:ACME'],
        gics_sector: 'Industrials',
        gics_sub_industry: 'Aerospace & Defense',
        long_business_summary: 'Acme builds rockets & <roadrunner> traps.',
      },
    ]);
    companyId = (
      await t.database.db
        .selectFrom('companies')
        .select('id')
        .where('safe_name', '=', 'ACME_ROCKETS')
        .executeTakeFirstOrThrow()
    ).id;
    articleId = await insertArticle({ title: HOSTILE });
    blockedId = await insertArticle({ title: 'Hidden story', blocked: true });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  /** The served HTML's head values, as a crawler reads them. */
  function head(html: string) {
    const attr = (selector: RegExp) => selector.exec(html)?.[1];
    return {
      titles: html.match(/<title>/g)?.length ?? 0,
      descriptions: html.match(/name="description"/g)?.length ?? 0,
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      description: attr(/<meta name="description" content="([^"]*)"/),
      canonical: attr(/<link rel="canonical" href="([^"]*)"/),
      ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
      ogType: attr(/<meta property="og:type" content="([^"]*)"/),
      ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
      twitterCard: attr(/<meta name="twitter:card" content="([^"]*)"/),
      jsonLd: [
        ...html.matchAll(/<script type="application\/ld\+json" data-seo>([^<]*)<\/script>/g),
      ].map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>),
    };
  }

  it("writes an article's title, description, canonical, Open Graph, Twitter card and NewsArticle into /n/{id} and /news/view?id=", async () => {
    for (const url of [`/n/${articleId}`, `/news/view?id=${articleId}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const h = head(res.body);
      expect(h.titles).toBe(1);
      expect(h.descriptions).toBe(1);
      expect(h.title).toBe(
        'Acme &quot;Rockets&quot; &lt;/title&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more · StockPulse',
      );
      expect(h.description).toBe(`Summary of story 1 &lt;b&gt;bold&lt;/b&gt;.`);
      expect(h.canonical).toBe(`${PUBLIC_URL}/news/view?id=${articleId}`);
      expect(h.ogType).toBe('article');
      expect(h.ogTitle).toBe(h.title);
      expect(h.ogImage).toBe(`${PUBLIC_URL}/og/news/${articleId}.png`);
      expect(h.twitterCard).toBe('summary_large_image');
      const article = h.jsonLd.find((data) => data['@type'] === 'NewsArticle');
      expect(article).toMatchObject({
        headline: HOSTILE,
        datePublished: expect.stringMatching(/^2026-11-\d\dT10:00:00.000Z$/) as unknown,
        mainEntityOfPage: `${PUBLIC_URL}/news/view?id=${articleId}`,
        author: { name: 'Wire & Co' },
      });
      expect(h.jsonLd.some((data) => data['@type'] === 'Organization')).toBe(true);
      // The hostile title never becomes markup.
      expect(res.body).not.toContain("<script>alert('x')");
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it("writes a company's head into /ticker/{symbol} and /company/view?symbol=|id=|name=", async () => {
    for (const url of [
      '/ticker/NYSE:ACME',
      '/ticker/nyse:acme',
      '/company/view?symbol=NYSE:ACME',
      `/company/view?id=${companyId}`,
      `/company/view?name=${encodeURIComponent(HOSTILE.toLowerCase())}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const h = head(res.body);
      expect(h.title, url).toBe(
        'Acme &quot;Rockets&quot; &lt;/title&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more · StockPulse',
      );
      expect(h.description).toBe('Acme builds rockets &amp; &lt;roadrunner&gt; traps.');
      expect(h.canonical).toBe(`${PUBLIC_URL}/ticker/NYSE:ACME`);
      expect(h.ogImage).toBe(`${PUBLIC_URL}/og/company/NYSE:ACME.png`);
      expect(h.jsonLd.find((data) => data['@type'] === 'Corporation')).toMatchObject({
        tickerSymbol: 'NYSE:ACME',
      });
      expect(res.body).not.toContain("<script>alert('x')");
    }
  });

  it('gives a published blog post its own head and lists it in the sitemap', async () => {
    await t.database.db
      .insertInto('blog_posts')
      .values({
        slug: 'week-2026-11-16',
        title: 'Week of 16 November: <chips> & banks',
        excerpt: 'Chip makers led; banks lagged.',
        body: '# Recap',
        citations: [],
        week_start: '2026-11-16',
        week_end: '2026-11-20',
        published_at: new Date('2026-11-21T08:00:00Z'),
      })
      .execute();
    const h = head((await get('/blog/week-2026-11-16')).body);
    expect(h.title).toBe('Week of 16 November: &lt;chips&gt; &amp; banks · StockPulse');
    expect(h.canonical).toBe(`${PUBLIC_URL}/blog/week-2026-11-16`);
    expect(h.jsonLd.find((data) => data['@type'] === 'BlogPosting')).toMatchObject({
      datePublished: '2026-11-21T08:00:00.000Z',
    });
    expect(head((await get('/blog/no-such-post')).body).title).toBe('StockPulse');
    const blog = await get('/sitemaps/blog-posts.xml');
    expect(blog.statusCode).toBe(200);
    expect(blog.body).toContain(`<loc>${PUBLIC_URL}/blog/week-2026-11-16</loc>`);
  });

  it("writes an analysis page's head with the company's image", async () => {
    const res = await get('/analysis/NYSE:ACME');
    const h = head(res.body);
    expect(res.statusCode).toBe(200);
    expect(h.title).toBe('Analysis of NYSE:ACME · StockPulse');
    expect(h.canonical).toBe(`${PUBLIC_URL}/analysis/NYSE:ACME`);
    expect(h.ogImage).toBe(`${PUBLIC_URL}/og/company/NYSE:ACME.png`);
  });

  it('falls back to the site defaults for unknown or hidden ids, keeping the page rule (200 for pages, 404 otherwise)', async () => {
    for (const url of [
      '/n/00000000-0000-4000-8000-000000000000',
      '/n/42',
      `/news/view?id=${blockedId}`,
      '/news/view',
      '/ticker/NOPE:NOPE',
      '/company/view?name=nobody',
      '/analysis/NOPE:NOPE',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const h = head(res.body);
      expect(h.title, url).toBe('StockPulse');
      expect(h.canonical, url).toBeUndefined();
      expect(h.ogImage).toBe(`${PUBLIC_URL}/og/site.png`);
      expect(res.body).not.toContain('Hidden story');
    }
    const missing = await get('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(head(missing.body).title).toBe('StockPulse');
  });

  it('gives the public pages their titles, descriptions and canonical links from one table', async () => {
    const about = head((await get('/about')).body);
    expect(about.title).toBe('About · StockPulse');
    expect(about.canonical).toBe(`${PUBLIC_URL}/about`);
    expect(about.description).toContain('self-directed investors');
    const feed = head((await get('/news/latest_ai')).body);
    expect(feed.title).toBe('AI news feed · StockPulse');
    // A private page names no canonical link.
    expect(head((await get('/pages/user')).body).canonical).toBeUndefined();
  });

  it('serves robots.txt at the root: public pages allowed, /api/ and private pages not, the sitemap named', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /admin/');
    expect(lines).toContain('Disallow: /pages/');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('serves a sitemap index whose children list the public pages, articles, companies and analyses with lastmod', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    const children = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(children[0]).toBe(`${PUBLIC_URL}/sitemaps/pages.xml`);
    expect(children.some((loc) => loc.includes('/sitemaps/news-'))).toBe(true);
    expect(children.some((loc) => loc.includes('/sitemaps/companies-'))).toBe(true);
    const urls: string[] = [];
    for (const loc of children) {
      const child = await get(loc.slice(PUBLIC_URL.length));
      expect(child.statusCode, loc).toBe(200);
      expect(child.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(child.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
      urls.push(...[...child.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? ''));
    }
    expect(urls).toContain(`${PUBLIC_URL}/about`);
    expect(urls).toContain(`${PUBLIC_URL}/news/latest_ai`);
    expect(urls).toContain(`${PUBLIC_URL}/news/view?id=${articleId}`);
    expect(urls).toContain(`${PUBLIC_URL}/ticker/NYSE:ACME`);
    expect(urls).not.toContain(`${PUBLIC_URL}/news/view?id=${blockedId}`);
    expect(urls).not.toContain(`${PUBLIC_URL}/pages/user`);
    expect((await get('/sitemaps/news-not-an-id.xml')).statusCode).toBe(404);
    expect(
      (await get('/sitemaps/secrets-00000000-0000-4000-8000-000000000000.xml')).statusCode,
    ).toBe(404);
  });

  it('cuts the articles into child sitemaps of at most the page size, each from its first id on (keyset)', async () => {
    const ids = [articleId];
    for (let i = 0; i < 4; i += 1)
      ids.push(await insertArticle({ at: `2026-10-0${i + 1}T08:00:00Z` }));
    const db = t.database.db;
    const seo = createSeoServices({
      publicUrl: PUBLIC_URL,
      webDistDir: dist,
      articles: createNewsRepository(db),
      companies: createCompanyRepository(db),
      analyses: createAnalysisRepository(db),
      images: createOgImageRepository(db, fixedClock(NOW)),
      log: pino({ level: 'silent' }),
      clock: fixedClock(NOW),
      sitemapPageSize: 2,
    });
    const index = await seo.sitemap.index();
    const newsChildren = [...index.matchAll(/\/sitemaps\/(news-[^<]+)<\/loc>/g)].map(
      (m) => m[1] ?? '',
    );
    const visible = await db
      .selectFrom('news')
      .select('id')
      .where('is_blocked', '=', false)
      .orderBy('creation_date')
      .orderBy('id')
      .execute();
    expect(newsChildren).toHaveLength(Math.ceil(visible.length / 2));
    const listed: string[] = [];
    for (const child of newsChildren) {
      const xml = (await seo.sitemap.child(child)) ?? '';
      const locs = [...xml.matchAll(/view\?id=([0-9a-f-]+)<\/loc>/g)].map((m) => m[1] ?? '');
      expect(locs.length).toBeLessThanOrEqual(2);
      listed.push(...locs);
    }
    // Every visible article once, oldest first, across the children.
    expect(listed).toEqual(visible.map((row) => row.id));
  });

  it('renders a 1200×630 PNG per article and company, with cache headers; unknown ids are 404', async () => {
    for (const url of [`/og/news/${articleId}.png`, '/og/company/NYSE:ACME.png', '/og/site.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toContain('max-age=');
      const png = res.rawPayload;
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      // IHDR: width and height, big-endian, at bytes 16 and 20.
      expect(png.readUInt32BE(16)).toBe(1200);
      expect(png.readUInt32BE(20)).toBe(630);
    }
    expect((await get(`/og/news/${blockedId}.png`)).statusCode).toBe(404);
    expect((await get('/og/news/nope.png')).statusCode).toBe(404);
    expect((await get('/og/company/NOPE:NOPE.png')).statusCode).toBe(404);
  });

  it('renders an image once per content version: memory first, then the shared table', async () => {
    const db = t.database.db;
    const store = createOgImageRepository(db, fixedClock(NOW));
    const cards: OgCard[] = [];
    const render = (card: OgCard) => {
      cards.push(card);
      return Promise.resolve(Buffer.from(`png ${cards.length}`));
    };
    const preview = {
      article: () =>
        Promise.resolve({
          id: 'a1',
          title: 'Cached story',
          ai_summary: null,
          description: '',
          publisher: 'Wire',
          creation_date: new Date(NOW),
          updated_at: new Date(NOW),
          related_exchange_tickers: [],
        }),
      companyBySymbol: () => Promise.resolve(undefined),
    };
    const log = pino({ level: 'silent' });
    const first = createOgImageService({ seo: preview, store, log, render });
    const [a, b] = await Promise.all([first.article('a1'), first.article('a1')]);
    expect(await first.article('a1')).toEqual(a);
    expect(b).toEqual(a);
    expect(cards).toHaveLength(1);
    // Another process (fresh memory) reads the stored copy instead of rendering.
    const second = createOgImageService({ seo: preview, store, log, render });
    expect(await second.article('a1')).toEqual(a);
    expect(cards).toHaveLength(1);
  });
});
