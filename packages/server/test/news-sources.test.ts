import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { ensureDemoCompanies } from '../src/modules/companies/demo-companies.ts';
import { createFullTextReader } from '../src/modules/news/news-full-text.ts';
import { createNewsIngestService } from '../src/modules/news/news-ingest.service.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import { createDemoMarketDataProvider } from '../src/providers/market-data/demo/demo-market-data-provider.ts';
import {
  startYahooReplayServer,
  type YahooReplayServer,
} from '../src/providers/market-data/yahoo/fixtures/yahoo-replay-server.ts';
import { createYahooMarketDataProvider } from '../src/providers/market-data/yahoo/yahoo-market-data-provider.ts';
import { createNewsSources } from '../src/providers/news/create-news-sources.ts';
import { createFeedSource } from '../src/providers/news/feed-source.ts';
import type { NewsSource } from '../src/providers/news/news-source.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { newsStore } from './helpers/job-deps.ts';
import { jobDeps } from './helpers/job-deps.ts';

const silent = pino({ level: 'silent' });
const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });

/** What the news sources read: no quotes yet, nobody watching. */
const sourceDeps = () => ({
  readBriefMarket: () => Promise.resolve(null),
  watchedSymbols: () => Promise.resolve([]),
  marketData: createDemoMarketDataProvider(),
  now: () => new Date(),
});

/** A logger that keeps its warnings. */
function recordingLog() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (_obj: object, msg: string) => void warnings.push(msg) } };
}

/** A local site: an RSS feed whose articles are a news page, a PDF, a slow page and a 404. */
async function startNewsSite() {
  const page = await readFile(
    new URL('../src/providers/news/full-text/fixtures/article-page.html', import.meta.url),
  );
  const paths: string[] = [];
  let base = '';
  const item = (slug: string, title: string, day: number) => `
    <item><title>${title}</title><link>${base}/${slug}</link><guid>site-${slug}</guid>
      <description>${title}.</description><pubDate>${day} Nov 2026 15:00:00 GMT</pubDate></item>`;
  const server: Server = createServer((req, res) => {
    paths.push(req.url ?? '');
    switch (req.url) {
      case '/feed.xml':
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        return res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Market Daily</title>
          ${item('costco', 'Costco November sales rise 8%', 20)}
          ${item('report.pdf', 'Annual report', 19)}
          ${item('slow', 'A page that never loads', 18)}
          ${item('gone', 'A page that was removed', 17)}
          </channel></rss>`);
      case '/costco':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(page);
      case '/report.pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end('%PDF-1.7');
      case '/slow':
        return;
      default:
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<h1>Not found</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    paths,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the sources NEWS_SOURCES selects', () => {
  let database: TestDatabase;
  let replay: YahooReplayServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureDemoCompanies(database.db);
    replay = await startYahooReplayServer();
  });
  afterAll(async () => {
    await replay.close();
    await database.drop();
  });

  it('maps demo to the wire, the briefs and the newsroom, and edgar; feed URLs are polled from the table', () => {
    const { log, warnings } = recordingLog();
    const sources = createNewsSources(
      config({ NEWS_SOURCES: 'demo,edgar,https://example.com/markets.xml' }),
      { ...sourceDeps(), log },
    );
    expect(sources.map((s) => [s.name, s.fullText ?? false])).toEqual([
      ['demo', false],
      ['market-brief', false],
      ['demo-newsroom', false],
      ['edgar', false],
    ]);
    expect(warnings).toEqual([]);
  });

  it('skips yahoo with a warning when the market data is the demo provider', () => {
    const { log, warnings } = recordingLog();
    const sources = createNewsSources(config({ NEWS_SOURCES: 'yahoo,demo' }), {
      ...sourceDeps(),
      log,
    });
    expect(sources.map((s) => s.name)).toEqual(['demo', 'market-brief', 'demo-newsroom']);
    expect(warnings).toEqual([
      'NEWS_SOURCES names yahoo but the market-data provider has no news (set MARKET_DATA=yahoo); skipped',
    ]);
  });

  it('stores the Yahoo news of the watched and popular symbols with MARKET_DATA=yahoo', async () => {
    const marketData = createYahooMarketDataProvider({
      baseUrl: replay.baseUrl,
      requestsPerSecond: 100,
    });
    const user = await database.db
      .insertInto('users')
      .values({
        username: 'watcher',
        email: 'watcher@example.com',
        password_hash: 'x',
        share_referral_code: 'watcher-ref',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('watchlists')
      .values({ user_id: user.id, name: 'default', exchange_tickers: ['NASDAQ:AAPL'] })
      .execute();
    const deps = jobDeps(
      database.db,
      { MARKET_DATA: 'yahoo', NEWS_SOURCES: 'yahoo', NEWS_FULL_TEXT: 'false' },
      { marketData, log: silent },
    );
    await ingestNewsJob.handler({}, deps);
    const searched = replay.requests
      .filter((r) => r.path === '/v1/finance/search')
      .map((r) => r.query.get('q'));
    expect(searched).toEqual(['AAPL', 'SMCI', 'INTC', 'AMD']);
    const rows = await database.db
      .selectFrom('news')
      .select(['guid', 'title', 'publisher', 'source', 'creation_date', 'related_exchange_tickers'])
      .where('source', '=', 'yahoo')
      .orderBy('creation_date', 'desc')
      .execute();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      guid: 'yahoo:6b1f0e9c-3d8a-3c52-9f0e-5c7a1d2e4b11',
      publisher: 'Reuters',
      creation_date: new Date('2026-11-20T18:30:12Z'),
    });
    expect(rows[0]?.related_exchange_tickers).toContain('NASDAQ:AAPL');
    expect(rows.map((r) => r.publisher)).toContain('The Motley Fool');
  });
});

describe('full text of new articles', () => {
  let database: TestDatabase;
  let site: Awaited<ReturnType<typeof startNewsSite>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureDemoCompanies(database.db);
    site = await startNewsSite();
  });
  afterAll(async () => {
    await site.close();
    await database.drop();
  });

  const article = (guid: string) =>
    database.db.selectFrom('news').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();

  it('stores the readable body of reachable pages and leaves failed ones as they were', async () => {
    const feed = createFeedSource({ url: `${site.base}/feed.xml`, timeoutMs: 2_000 });
    // A source whose pages must never be fetched (our briefs, EDGAR).
    const own: NewsSource = {
      name: 'market-brief',
      fullText: false,
      fetch: () =>
        Promise.resolve([
          {
            guid: 'brief-1',
            link: `${site.base}/brief`,
            title: 'A brief',
            description: '',
            content: '',
            publisher: 'Market Brief',
            publishedAt: new Date('2026-11-20T21:00:00Z'),
            sourceTitle: 'StockPulse Market Brief',
          },
        ]),
    };
    const result = await createNewsIngestService({
      ...newsStore(database.db),
      sources: [feed, own],
      log: silent,
      fullText: {
        read: createFullTextReader({ timeoutMs: 500, allowPrivateAddresses: true }),
        concurrency: 2,
      },
    }).ingest();
    expect(result).toEqual({ fetched: 5, stored: 5, failed: [], fullText: 1, updated: 0 });

    const costco = await article('site-costco');
    expect(costco.articles).toHaveLength(1);
    expect(costco.articles[0]).toMatch(/^Costco Wholesale Corp\. said on Thursday/);
    expect(costco.articles[0]).not.toMatch(
      /Subscribe|Advertisement|newsletter|All rights reserved/,
    );
    expect(costco.related_exchange_tickers).toContain('NASDAQ:COST');
    for (const guid of ['site-report.pdf', 'site-slow', 'site-gone', 'brief-1']) {
      expect((await article(guid)).articles, guid).toEqual([]);
    }
    expect(site.paths).not.toContain('/brief');
    expect(site.paths.filter((p) => p === '/costco')).toHaveLength(1);
  });

  it('reads no page of an article already stored', async () => {
    const before = site.paths.length;
    const again = await createNewsIngestService({
      ...newsStore(database.db),
      sources: [createFeedSource({ url: `${site.base}/feed.xml`, timeoutMs: 2_000 })],
      log: silent,
      fullText: { read: createFullTextReader({ timeoutMs: 500, allowPrivateAddresses: true }) },
    }).ingest();
    expect(again).toMatchObject({ stored: 0, fullText: 0 });
    expect(site.paths.slice(before)).toEqual(['/feed.xml']);
  });

  it('refuses loopback pages in the job, and reads none with NEWS_FULL_TEXT=false', async () => {
    const run = async (env: Record<string, string>) => {
      await database.db.deleteFrom('news').execute();
      // A fresh feed list: the feed is due again.
      await database.db.deleteFrom('news_sources').execute();
      const lines: string[] = [];
      const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
      const before = site.paths.length;
      await ingestNewsJob.handler(
        {},
        jobDeps(database.db, { NEWS_SOURCES: `${site.base}/feed.xml`, ...env }, { log }),
      );
      expect(site.paths.slice(before)).toEqual(['/feed.xml']);
      expect((await article('site-costco')).articles).toEqual([]);
      return lines
        .map((line) => JSON.parse(line) as { msg: string; reason?: string })
        .filter((entry) => entry.msg === 'full text not read');
    };
    const refused = await run({});
    expect(refused).toHaveLength(4);
    expect(refused[0]?.reason).toMatch(/is not a public address/);
    expect(await run({ NEWS_FULL_TEXT: 'false' })).toEqual([]);
  });
});
