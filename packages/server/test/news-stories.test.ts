import type { NewsArticle } from '@app/shared/api/news';
import { newsArticleSchema } from '@app/shared/api/news';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { createNewsIngestService } from '../src/modules/news/news-ingest.service.ts';
import type { NewsSource, RawNewsItem } from '../src/providers/news/news-source.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { newsStore } from './helpers/job-deps.ts';

const NOW = new Date('2026-11-25T15:00:00Z');
const HOUR = 3_600_000;

const item = (
  guid: string,
  publisher: string,
  title: string,
  content: string,
  hoursAgo: number,
): RawNewsItem => ({
  guid,
  link: `https://${publisher.toLowerCase().replace(/\W/g, '')}.example/${guid}`,
  title,
  description: '',
  content,
  publisher,
  publishedAt: new Date(NOW.getTime() - hoursAgo * HOUR),
  sourceTitle: publisher,
});

const source = (name: string, items: RawNewsItem[]): NewsSource => ({
  name,
  fetch: () => Promise.resolve(items),
});

const APPLE =
  'Apple Inc. (NASDAQ:AAPL) reported fiscal fourth-quarter revenue of $102.5 billion, ahead of ' +
  'analyst estimates, as iPhone sales rose 6% and services hit a record. Shares gained 2% in ' +
  'after-hours trading.';

/** The same story from several sources is stored once as a story, shown once. */
describe('one card per story', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock: fixedClock(NOW) });
    const log = pino({ level: 'silent' });
    // The wire first; a publisher's rewrite and an unrelated story in the same run.
    await createNewsIngestService({
      ...newsStore(t.database.db),
      log,
      sources: [
        source('wire', [
          item(
            'w1',
            'Reuters',
            'Apple tops quarterly estimates as iPhone revenue climbs',
            APPLE,
            5,
          ),
        ]),
      ],
    }).ingest();
    await createNewsIngestService({
      ...newsStore(t.database.db),
      log,
      sources: [
        source('feed', [
          item(
            'm1',
            'MarketWatch',
            'Apple beats quarterly estimates on iPhone and services',
            `CUPERTINO (MarketWatch) - ${APPLE} The results were released after the bell.`,
            3,
          ),
          item(
            'e1',
            'Reuters',
            'Exxon Mobil to buy shale driller in $12 billion deal',
            'Exxon Mobil Corporation (NYSE:XOM) agreed to acquire a Permian Basin producer.',
            2,
          ),
        ]),
      ],
    }).ingest();
    await t.database.db.updateTable('news').set({ status: 'PROCESSED' }).execute();
  });
  afterAll(() => t.close());

  const feed = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/news/query?order_by=-creation_date',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ news: NewsArticle[] }>().news.map((a) => newsArticleSchema.parse(a));
  };

  it('stores the rewrite in the story of the wire report, and the other news on its own', async () => {
    const rows = await t.database.db
      .selectFrom('news')
      .select(['id', 'guid', 'story_id', 'story_reports'])
      .orderBy('creation_date')
      .execute();
    const byGuid = new Map(rows.map((row) => [row.guid, row]));
    expect(byGuid.get('w1')?.story_id).toBeNull();
    expect(byGuid.get('m1')?.story_id).toBe(byGuid.get('w1')?.id);
    expect(byGuid.get('e1')?.story_id).toBeNull();
    // The story's first article counts its other reports: the feeds read no list without one.
    expect(byGuid.get('w1')?.story_reports).toBe(1);
    expect(byGuid.get('e1')?.story_reports).toBe(0);
  });

  it("shows the story once in the feed, with 'also reported by' naming the other source", async () => {
    const news = await feed();
    expect(news.map((a) => a.publisher)).toEqual(['Reuters', 'Reuters']);
    const apple = news.find((a) => a.title.startsWith('Apple'));
    expect(apple?.also_reported_by).toEqual([
      expect.objectContaining({ publisher: 'MarketWatch', link: 'https://marketwatch.example/m1' }),
    ]);
    expect(news.find((a) => a.title.startsWith('Exxon'))?.also_reported_by).toEqual([]);
  });

  it('still opens the rewrite by its id, pointing back to the story', async () => {
    const rewrite = await t.database.db
      .selectFrom('news')
      .select(['id', 'story_id'])
      .where('guid', '=', 'm1')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'GET', url: `/api/news/get/${rewrite.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ news: NewsArticle[] }>();
    const article = body.news[0];
    expect(article?.story_id).toBe(rewrite.story_id);
    expect(article?.also_reported_by?.map((a) => a.publisher)).toEqual(['Reuters']);
  });
});
