import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newsArticleSchema } from '@app/shared/api/news';
import type { NewsSourceView } from '@app/shared/api/news-sources';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { createAlertsRepository } from '../src/modules/alerts/alerts.repository.ts';
import { publishingStoredArticles } from '../src/modules/live/live-publishers.ts';
import type { LiveBus } from '../src/modules/live/live-bus.ts';
import { pollFeedsJob } from '../src/modules/news/news.jobs.ts';
import { createNewsRepository } from '../src/modules/news/news.repository.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';

const START = new Date('2026-11-22T15:00:00Z');
const MINUTE = 60_000;
const clock = fixedClock(START);
const env = { NEWS_FEEDS_PRIVATE_ADDRESSES: 'true' };

type FeedItem = { guid: string; title: string; date?: string; body?: string };

/** A feed site whose items, answer and validators the test changes between polls. */
const site = {
  items: [] as FeedItem[],
  etag: '"1"',
  answer: 'feed' as 'feed' | 'busy' | 'moved',
  requests: [] as IncomingMessage[],
  base: '',
};

const rss = (items: readonly FeedItem[]) => `<?xml version="1.0"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Harbor Wire</title>
${items
  .map(
    (item) => `<item><title>${item.title}</title><link>https://harbor.example/${item.guid}</link>
  <guid isPermaLink="false">${item.guid}</guid><description>${item.body ?? item.title}.</description>
  ${item.date ? `<pubDate>${item.date}</pubDate>` : ''}</item>`,
  )
  .join('\n')}
</channel></rss>`;

let server: Server;
let t: TestApp;
let admin: TestUser;
let deps: ReturnType<typeof jobDeps>;

const as = (user: TestUser | undefined) => (user ? bearer(user.token) : {});
const poll = () => pollFeedsJob.handler({}, deps);
const list = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/news-sources', headers: as(admin) })).json<{
    sources: NewsSourceView[];
  }>().sources;
const stored = () =>
  t.database.db
    .selectFrom('news')
    .select(['id', 'guid', 'title', 'creation_date', 'date_estimated', 'back_catalogue', 'status'])
    .where('source', 'like', 'rss:%')
    .orderBy('guid')
    .execute();

beforeAll(async () => {
  server = createServer((req, res) => {
    site.requests.push(req);
    if (site.answer === 'busy') {
      res.writeHead(503, { 'retry-after': '3600' });
      return res.end();
    }
    if (site.answer === 'moved' && req.url === '/feed.xml') {
      res.writeHead(301, { location: '/new-feed.xml' });
      return res.end();
    }
    if (req.headers['if-none-match'] === site.etag) {
      res.writeHead(304);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag: site.etag });
    res.end(rss(site.items));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await buildTestApp({ clock, env });
  deps = jobDeps(t.database.db, env, { clock });
  admin = await registerUser(t.app);
  await grant(t.database.db, admin.user.id, { is_admin: true });
  site.items = [
    { guid: 'dated', title: 'Harbor raises its dividend', date: 'Sat, 21 Nov 2026 09:30:00 GMT' },
    { guid: 'undated', title: 'Harbor names a new chief financial officer' },
    { guid: 'unreadable', title: 'Harbor opens a plant', date: 'the day after tomorrow' },
    {
      guid: 'future',
      title: 'Harbor sets its results date',
      date: 'Tue, 01 Dec 2026 09:00:00 GMT',
    },
  ];
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await t.close();
});

describe('news sources managed by admins', () => {
  it('tests a feed: the items it would store, estimated dates marked, nothing saved', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news-sources/test',
      headers: as(admin),
      payload: { url: `${site.base}/feed.xml` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      feed_title: string;
      http_status: number;
      error: string | null;
      items: { title: string; date: number; date_estimated: boolean; publisher: string }[];
    }>();
    expect(body).toMatchObject({ feed_title: 'Harbor Wire', http_status: 200, error: null });
    const now = START.getTime() / 1000;
    expect(body.items.map((i) => [i.title, i.date, i.date_estimated, i.publisher])).toEqual([
      [
        'Harbor raises its dividend',
        Date.parse('2026-11-21T09:30:00Z') / 1000,
        false,
        'Harbor Wire',
      ],
      ['Harbor names a new chief financial officer', now, true, 'Harbor Wire'],
      ['Harbor opens a plant', now, true, 'Harbor Wire'],
      ['Harbor sets its results date', now, true, 'Harbor Wire'],
    ]);
    expect(await list()).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('refuses URLs other than http(s), NUL bytes and a feed listed twice', async () => {
    const add = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/news-sources',
        headers: as(admin),
        payload: { url },
      });
    for (const bad of ['ftp://example.com/feed', 'javascript:alert(1)', 'http://a\u0000b', '']) {
      const res = await add(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error_msg: string }>().error_msg.length).toBeGreaterThan(5);
    }
    expect((await add(`${site.base}/feed.xml`)).statusCode).toBe(200);
    const again = await add(`${site.base}/feed.xml`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'error', error_msg: 'This feed is already listed.' });
  });

  it('refuses a private address for an admin-added feed unless the operator allows it', async () => {
    const strict = jobDeps(t.database.db, {}, { clock });
    const result = await strict.services.newsSources.test(`${site.base}/feed.xml`);
    expect(result.error).toMatch(/not a public address/);
    expect(result.items).toEqual([]);
  });

  it('stores the first read as back catalogue, undated items at first seen and marked', async () => {
    await poll();
    const rows = await stored();
    expect(rows.map((r) => [r.guid, r.date_estimated, r.back_catalogue])).toEqual([
      ['dated', false, true],
      ['future', true, true],
      ['undated', true, true],
      ['unreadable', true, true],
    ]);
    expect(rows.find((r) => r.guid === 'dated')?.creation_date).toEqual(
      new Date('2026-11-21T09:30:00Z'),
    );
    for (const guid of ['undated', 'unreadable', 'future']) {
      expect(rows.find((r) => r.guid === guid)?.creation_date).toEqual(START);
    }
    // The API says which dates are estimated.
    const undated = rows.find((r) => r.guid === 'undated');
    const res = await t.app.inject({ method: 'GET', url: `/api/news/get/${undated?.id ?? ''}` });
    const [article] = res.json<{ news: unknown[] }>().news;
    expect(newsArticleSchema.parse(article)).toMatchObject({
      date_estimated: true,
      creation_date: START.getTime() / 1000,
    });
    const [source] = await list();
    expect(source).toMatchObject({
      health: 'healthy',
      last_http_status: 200,
      last_error: null,
      title: 'Harbor Wire',
      items_day: 4,
      items_week: 4,
      last_fetch: START.getTime() / 1000,
      next_fetch: START.getTime() / 1000 + 300,
    });
  });

  it('keeps an estimated item at the time it was first seen when read again', async () => {
    clock.set(new Date(START.getTime() + 6 * MINUTE));
    site.etag = '"2"';
    site.items.push({
      guid: 'fresh',
      title: 'Harbor wins a port contract',
      date: new Date(START.getTime() + 4 * MINUTE).toUTCString(),
    });
    await poll();
    const rows = await stored();
    expect(rows.find((r) => r.guid === 'undated')?.creation_date).toEqual(START);
    // Read after the first time: news.
    expect(rows.find((r) => r.guid === 'fresh')).toMatchObject({
      back_catalogue: false,
      date_estimated: false,
    });
  });

  it('asks again with the validators and stores nothing on 304', async () => {
    clock.set(new Date(START.getTime() + 12 * MINUTE));
    const before = site.requests.length;
    await poll();
    expect(site.requests.slice(before).map((r) => r.headers['if-none-match'])).toEqual(['"2"']);
    expect(await stored()).toHaveLength(5);
    expect((await list())[0]).toMatchObject({ health: 'healthy', last_http_status: 304 });
  });

  it('updates an article whose text changed under the same guid and sends it to the analyst again', async () => {
    await t.database.db
      .updateTable('news')
      .set({ status: 'PROCESSED' })
      .where('guid', '=', 'fresh')
      .execute();
    clock.set(new Date(START.getTime() + 18 * MINUTE));
    site.etag = '"3"';
    const fresh = site.items.find((i) => i.guid === 'fresh');
    if (fresh) fresh.title = 'Harbor wins a larger port contract';
    const result = await pollFeedsJob.handler({}, deps);
    expect(result).toBeUndefined();
    const rows = (await stored()).filter((r) => r.guid === 'fresh');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Harbor wins a larger port contract',
      status: 'WAITING_INDEX',
    });
    expect(deps.enqueued).toContain('news.enrich');
  });

  it('backs off a failing feed, honours Retry-After and shows it failing since the first failure', async () => {
    site.answer = 'busy';
    const failedAt = new Date(START.getTime() + 24 * MINUTE);
    clock.set(failedAt);
    await poll();
    const [failing] = await list();
    expect(failing).toMatchObject({
      health: 'failing',
      last_http_status: 503,
      last_error: 'HTTP 503',
      failures: 1,
      failing_since: failedAt.getTime() / 1000,
      next_fetch: failedAt.getTime() / 1000 + 3600,
    });
    // Not asked again before the server's Retry-After.
    const before = site.requests.length;
    clock.set(new Date(failedAt.getTime() + 30 * MINUTE));
    await poll();
    expect(site.requests.length).toBe(before);
    site.answer = 'feed';
  });

  it('pauses, resumes (clearing failures) and follows a permanent redirect to the new URL', async () => {
    const [source] = await list();
    const setState = (state: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/news-sources/${source?.id ?? ''}/state`,
        headers: as(admin),
        payload: { state },
      });
    expect((await setState('paused')).json()).toMatchObject({ source: { state: 'paused' } });
    const before = site.requests.length;
    clock.set(new Date(START.getTime() + 5 * 60 * MINUTE));
    await poll();
    expect(site.requests.length).toBe(before);
    expect((await setState('active')).json()).toMatchObject({
      source: { state: 'active', health: 'healthy', failures: 0 },
    });
    site.answer = 'moved';
    site.etag = '"4"';
    await poll();
    expect((await list())[0]).toMatchObject({
      url: `${site.base}/new-feed.xml`,
      name: `rss:${site.base}/feed.xml`,
      health: 'healthy',
    });
    expect((await setState('stopped')).statusCode).toBe(400);
  });

  it('exports the list as OPML and imports the feeds it does not list yet', async () => {
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/admin/news-sources/opml',
      headers: as(admin),
    });
    expect(exported.headers['content-type']).toMatch(/^text\/x-opml/);
    expect(exported.body).toContain(`xmlUrl="${site.base}/new-feed.xml"`);
    const opml = `<?xml version="1.0"?><opml version="1.0"><head/><body>
      <outline text="Markets"><outline text="A &amp; B" type="rss" xmlUrl="https://a.example/rss"/>
        <outline text="C" xmlUrl="https://c.example/atom"/></outline>
      <outline text="Old" xmlUrl="${site.base}/new-feed.xml"/>
      <outline text="Bad" xmlUrl="gopher://x.example/"/></body></opml>`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news-sources/opml',
      headers: as(admin),
      payload: { opml },
    });
    expect(res.json()).toEqual({ status: 'success', added: 2, skipped: 2 });
    expect((await list()).map((s) => [s.url, s.title, s.origin])).toEqual([
      [`${site.base}/new-feed.xml`, 'Harbor Wire', 'admin'],
      ['https://a.example/rss', 'A & B', 'admin'],
      ['https://c.example/atom', 'C', 'admin'],
    ]);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news-sources/opml',
      headers: as(admin),
      payload: { opml: '<html><body/></html>' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ error_msg: string }>().error_msg).toMatch(/not an OPML document/);
  });

  it('removes a feed for good: its articles stay, seeding does not bring it back', async () => {
    const second = (await list()).find((s) => s.url === 'https://a.example/rss');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/news-sources/${second?.id ?? ''}/remove`,
      headers: as(admin),
    });
    expect(res.json()).toEqual({ status: 'success', id: second?.id });
    const seeded = jobDeps(
      t.database.db,
      { ...env, NEWS_SOURCES: 'demo,https://a.example/rss' },
      { clock },
    );
    await seeded.services.newsSources.ensureSeeded();
    expect((await list()).map((s) => s.url)).not.toContain('https://a.example/rss');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news-sources/not-an-id/remove',
      headers: as(admin),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('seeds NEWS_SOURCES=default with the curated public finance feeds', async () => {
    const curated = jobDeps(t.database.db, { NEWS_SOURCES: 'demo,default' }, { clock });
    await curated.services.newsSources.ensureSeeded();
    const defaults = (await list()).filter((s) => s.origin === 'default');
    expect(defaults.length).toBeGreaterThanOrEqual(8);
    expect(defaults.map((s) => s.url)).toContain(
      'https://www.federalreserve.gov/feeds/press_all.xml',
    );
    expect(defaults.every((s) => s.title.length > 0 && s.health === 'pending')).toBe(true);
  });
});

describe('what counts as news', () => {
  it('fires no instant alert for an estimated date or a back catalogue', async () => {
    await sql`update news set status = 'PROCESSED', "AI" = '{"defcon_level": 1}'::jsonb,
      updated_at = ${clock.now()} where source like 'rss:%'`.execute(t.database.db);
    const alertable = await createAlertsRepository(t.database.db).alertableArticles(
      new Date(START.getTime() - MINUTE),
      undefined,
      100,
    );
    const guids = await t.database.db
      .selectFrom('news')
      .select('guid')
      .where('id', 'in', alertable.map((a) => a.id).concat('00000000-0000-4000-8000-000000000000'))
      .execute();
    expect(guids.map((g) => g.guid)).toEqual(['fresh']);
  });

  it('pushes only news live: no "new" announcement for estimated or back-catalogue articles', async () => {
    const published: string[][] = [];
    const live = {
      publishNews: (_kind: string, ids: string[]) => {
        published.push(ids);
        return Promise.resolve();
      },
    } as unknown as LiveBus;
    const repository = publishingStoredArticles(createNewsRepository(t.database.db), live);
    const base = {
      title: 'x',
      summary: null,
      ai_summary: null,
      no_bullshit: null,
      interest_score: null,
      AI: null,
      experiment: null,
      status_reason: null,
      source: 'test',
      creation_date: START,
    };
    const ids = [
      '10000000-0000-4000-8000-000000000001',
      '10000000-0000-4000-8000-000000000002',
      '10000000-0000-4000-8000-000000000003',
    ];
    const stored = await repository.insertMany([
      { ...base, id: ids[0], link: 'https://x.example/1', guid: 'live-1' },
      { ...base, id: ids[1], link: 'https://x.example/2', guid: 'live-2', date_estimated: true },
      { ...base, id: ids[2], link: 'https://x.example/3', guid: 'live-3', back_catalogue: true },
    ]);
    expect(stored).toHaveLength(3);
    expect(published).toEqual([[ids[0]]]);
  });
});
