import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyRepository } from '../src/modules/companies/company.repository.ts';
import { ensureDemoCompanies } from '../src/modules/companies/demo-companies.ts';
import { createNewsIngestService } from '../src/modules/news/news-ingest.service.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import { MARKET_WIRE_FIXTURE, createFeedSource } from '../src/providers/news/feed-source.ts';
import type { NewsSource } from '../src/providers/news/news-source.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { newsStore } from './helpers/job-deps.ts';

const log = pino({ level: 'silent' });

const countNews = async (database: TestDatabase) =>
  Number(
    (
      await database.db
        .selectFrom('news')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const byGuid = (database: TestDatabase, guid: string) =>
  database.db.selectFrom('news').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();

describe('news ingestion from an RSS feed over HTTP', () => {
  let database: TestDatabase;
  let server: Server;
  let wireUrl: string;
  let requests = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureDemoCompanies(database.db);
    const wire = await readFile(MARKET_WIRE_FIXTURE, 'utf8');
    server = createServer((req, res) => {
      requests += 1;
      if (req.url === '/wire.xml') {
        res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
        res.end(wire);
      } else {
        res.writeHead(500);
        res.end('upstream error');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    wireUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wire.xml`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.drop();
  });

  it('stores every fixture article, linked to its tickers and waiting for the analyst', async () => {
    await ingestNewsJob.handler({}, jobDeps(database.db, { NEWS_SOURCES: wireUrl }));
    expect(requests).toBe(1);
    expect(await countNews(database)).toBe(33);

    const apple = await byGuid(database, 'stockpulse-wire-0001');
    expect(apple).toMatchObject({
      link: 'https://demo.stockpulse.local/wire/2026/apple-q4-results',
      title: 'Apple tops quarterly estimates as iPhone and services revenue climb',
      publisher: 'Reuters',
      source: `rss:${wireUrl}`,
      source_title: 'StockPulse Market Wire (demo)',
      status: 'WAITING_INDEX',
      status_reason: null,
      AI: null,
      is_blocked: false,
      experiment: null,
      related_exchange_tickers: ['NASDAQ:AAPL'],
      named_exchange_tickers: ['NASDAQ:AAPL'],
      NER: [{ name: 'Apple Inc.', tickers: ['NASDAQ:AAPL'] }],
    });
    expect(apple.creation_date).toEqual(new Date('2025-11-20T21:05:00Z'));
    expect(apple.description).toMatch(/^Apple Inc\. reported .*\n\nShares of NASDAQ:AAPL gained/);

    const nvidia = await byGuid(database, 'stockpulse-wire-0002');
    expect(nvidia.related_exchange_tickers).toEqual([
      'NASDAQ:NVDA',
      'NASDAQ:MSFT',
      'NASDAQ:AMZN',
      'NASDAQ:GOOGL',
      'NASDAQ:GOOG',
    ]);
    expect(nvidia.articles[0]).toContain('demand for AI infrastructure “remains extraordinary”');
  });

  it('normalises publishers and dates', async () => {
    const microsoft = await byGuid(database, 'stockpulse-wire-0003');
    expect(microsoft.publisher).toBe('MarketWatch');
    expect(microsoft.creation_date).toEqual(new Date('2025-11-19T18:10:00Z'));
    const publishers = await database.db
      .selectFrom('news')
      .select('publisher')
      .distinct()
      .execute();
    expect(publishers.map((p) => p.publisher).sort()).toEqual([
      'Associated Press',
      "Barron's",
      'Bloomberg',
      'Business Wire',
      'CNBC',
      'Financial Times',
      'MarketWatch',
      'Reuters',
      'Seeking Alpha',
      'The Verge',
      'The Wall Street Journal',
    ]);
  });

  it('links short tickers only with context and ordinary words never', async () => {
    expect((await byGuid(database, 'stockpulse-wire-0022')).related_exchange_tickers).toEqual([
      'NYSE:IT',
    ]);
    expect((await byGuid(database, 'stockpulse-wire-0023')).related_exchange_tickers).toEqual([
      'NASDAQ:ON',
    ]);
    expect((await byGuid(database, 'stockpulse-wire-0014')).related_exchange_tickers).toEqual([]);
    expect((await byGuid(database, 'stockpulse-wire-0033')).related_exchange_tickers).toEqual([]);
    const target = await byGuid(database, 'stockpulse-wire-0008');
    expect(target.related_exchange_tickers).toEqual(['NYSE:TGT']);
  });

  it('stores each article once when the feed is ingested again', async () => {
    const service = createNewsIngestService({
      ...newsStore(database.db),
      sources: [createFeedSource({ url: wireUrl, timeoutMs: 2_000 })],
      log,
    });
    const again = await service.ingest();
    expect(again).toEqual({ fetched: 33, stored: 0, failed: [], fullText: 0, updated: 0 });
    await ingestNewsJob.handler({}, jobDeps(database.db, { NEWS_SOURCES: wireUrl }));
    expect(await countNews(database)).toBe(33);
  });

  it('skips an article whose guid is already stored under another link', async () => {
    const [first] = await createFeedSource({ url: wireUrl, timeoutMs: 2_000 }).fetch();
    if (!first) throw new Error('empty fixture');
    const moved: NewsSource = {
      name: 'mirror',
      fetch: () => Promise.resolve([{ ...first, link: 'https://mirror.example/apple' }]),
    };
    const fresh: NewsSource = {
      name: 'mirror',
      fetch: () =>
        Promise.resolve([
          { ...first, guid: 'mirror-1', link: 'https://mirror.example/new', title: 'New story' },
        ]),
    };
    const result = await createNewsIngestService({
      ...newsStore(database.db),
      sources: [moved, fresh],
      log,
    }).ingest();
    expect(result).toEqual({ fetched: 2, stored: 1, failed: [], fullText: 0, updated: 0 });
    expect(await countNews(database)).toBe(34);
  });

  it('finds articles by full-text search, title first', async () => {
    const search = async (text: string) =>
      (
        await sql<{ guid: string }>`
          select guid from news, websearch_to_tsquery('english', ${text}) q
          where search_vector @@ q
          order by ts_rank(search_vector, q) desc, guid`.execute(database.db)
      ).rows.map((row) => row.guid);
    expect(await search('dividend')).toEqual(['stockpulse-wire-0005']);
    // "recall" is in two titles (weight A) and no other article.
    expect(await search('recalls')).toEqual(['stockpulse-wire-0004', 'stockpulse-wire-0028']);
    // Words only in the full text (weight C) are found too.
    expect(await search('extraordinary')).toEqual(['stockpulse-wire-0002']);
  });

  it('rebuilds the ticker linker when a company is added', async () => {
    const story = (guid: string): NewsSource => ({
      name: 'wire',
      fetch: () =>
        Promise.resolve([
          { ...dummy(`https://wire.example/${guid}`), guid, title: 'Zentrix Robotics wins order' },
        ]),
    });
    const ingest = (guid: string) =>
      createNewsIngestService({ ...newsStore(database.db), sources: [story(guid)], log }).ingest();
    await ingest('zentrix-1');
    expect((await byGuid(database, 'zentrix-1')).related_exchange_tickers).toEqual([]);
    await createCompanyRepository(database.db).insertWithSecurities([
      {
        company_name: 'Zentrix Robotics Inc.',
        safe_name: 'zentrix_robotics',
        exchange_tickers: ['NASDAQ:ZRX'],
      },
    ]);
    await ingest('zentrix-2');
    expect((await byGuid(database, 'zentrix-2')).NER).toEqual([
      { name: 'Zentrix Robotics Inc.', tickers: ['NASDAQ:ZRX'] },
    ]);
  });

  it('keeps ingesting the other sources when one fails, and fails when all do', async () => {
    const broken = createFeedSource({ url: wireUrl.replace('wire.xml', 'down'), timeoutMs: 500 });
    const extra: NewsSource = {
      name: 'extra',
      fetch: () =>
        Promise.resolve([
          {
            guid: 'extra-1',
            link: 'https://extra.example/1',
            title: 'Oracle (NYSE: ORCL) signs cloud deal',
            description: '',
            content: '',
            publisher: 'Reuters',
            publishedAt: new Date('2026-11-22T10:00:00Z'),
            sourceTitle: 'Extra',
          },
          { ...dummy('javascript:alert(1)') },
        ]),
    };
    const result = await createNewsIngestService({
      ...newsStore(database.db),
      sources: [broken, extra],
      log,
    }).ingest();
    expect(result.stored).toBe(1);
    expect(result.failed).toEqual([
      {
        source: broken.name,
        error: `feed ${wireUrl.replace('wire.xml', 'down')} answered HTTP 500`,
      },
    ]);
    expect((await byGuid(database, 'extra-1')).related_exchange_tickers).toEqual(['NYSE:ORCL']);
    await expect(
      createNewsIngestService({ ...newsStore(database.db), sources: [broken], log }).ingest(),
    ).rejects.toThrow(/every news source failed: .*answered HTTP 500/);
  });
});

function dummy(link: string) {
  return {
    guid: link,
    link,
    title: 'Not a web link',
    description: '',
    content: '',
    publisher: '',
    publishedAt: new Date(),
    sourceTitle: '',
  };
}

describe('news ingestion with the default configuration', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureDemoCompanies(database.db);
  });
  afterAll(() => database.drop());

  it('reads the bundled market wire through the RSS parser', async () => {
    await ingestNewsJob.handler({}, jobDeps(database.db));
    const rows = await database.db
      .selectFrom('news')
      .select(['source', 'related_exchange_tickers'])
      .execute();
    // `demo` is also the demo newsroom (the briefs write nothing without quotes).
    expect(new Set(rows.map((row) => row.source))).toEqual(new Set(['demo', 'demo-newsroom']));
    const wire = rows.filter((row) => row.source === 'demo');
    expect(wire).toHaveLength(33);
    const linked = wire.filter((row) => row.related_exchange_tickers.length > 0);
    expect(linked.length).toBeGreaterThanOrEqual(30);
  });
});
