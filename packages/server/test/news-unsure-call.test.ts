import { newsResponseSchema, type NewsArticle } from '@app/shared/api/news';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { createTrackRecordRepository } from '../src/modules/track-record/track-record.repository.ts';
import { createOfflineAiProvider } from '../src/providers/ai/offline/offline-ai-provider.ts';
import { analyzeSentiment } from '../src/providers/ai/offline/sentiment.ts';
import {
  createSentimentModel,
  readShippedSentimentModelFile,
} from '../src/providers/ai/offline/sentiment-model.ts';
import { splitSentences } from '../src/providers/ai/offline/text.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { jobDeps } from './helpers/job-deps.ts';

const NOW = new Date('2026-11-25T15:00:00Z');
const clock = fixedClock(NOW);

const TITLE = 'Nvidia beats estimates and raises full-year guidance';
const BODY =
  'Nvidia reported quarterly revenue of $35.1 billion, up 94% from a year earlier. ' +
  'The company raised its full-year outlook, citing strong demand for its data-centre chips.';

/**
 * One calibrated decision everywhere: an article the analyst is unsure about (its calibrated
 * confidence below the threshold) is stored neutral with a score of 0, so the bullish feed and
 * the track record leave it out, while the same text read with confidence is in both.
 */
describe('an article the analyst is unsure about is neutral everywhere', () => {
  let t: TestApp;
  let sure = '';
  let unsure = '';

  async function store(guid: string): Promise<string> {
    const row = await t.database.db
      .insertInto('news')
      .values({
        link: `https://wire.example/${guid}`,
        guid,
        title: TITLE,
        description: BODY,
        creation_date: new Date('2026-11-24T14:00:00Z'),
        related_exchange_tickers: ['NASDAQ:NVDA'],
        status: 'WAITING_INDEX',
        source: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock });
    const file = readShippedSentimentModelFile();
    const shipped = createSentimentModel(file);
    const read = analyzeSentiment(shipped, TITLE, splitSentences(BODY));
    // The same weights, with a threshold just above this article's calibrated confidence.
    const strict = createSentimentModel({
      ...file,
      calibration: { ...file.calibration, threshold: read.confidence + 1e-6 },
    });
    sure = await store('sure-call');
    unsure = await store('unsure-call');
    const enrich = (model: typeof shipped) =>
      jobDeps(t.database.db, {}, { clock, ai: createOfflineAiProvider({ model }) }).services.enrich;
    expect(await enrich(shipped).enrichOne(sure)).toBe('PROCESSED');
    expect(await enrich(strict).enrichOne(unsure)).toBe('PROCESSED');
  });
  afterAll(() => t.close());

  const stored = async (id: string) => {
    const row = await t.database.db
      .selectFrom('news')
      .select(['AI', 'sentiment_first'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { ai: row.AI as NewsArticle['AI'], first: row.sentiment_first };
  };

  it('stores the unsure call as neutral with a score of 0 and its confidence', async () => {
    const a = await stored(sure);
    expect(a.ai?.sentiment).toBe('bullish');
    expect(a.first).toBeGreaterThanOrEqual(7);
    expect(a.ai?.sentiment_confidence).toBeGreaterThanOrEqual(0.5);
    const b = await stored(unsure);
    expect(b.ai?.sentiment).toBe('neutral');
    expect(b.ai?.sentiment_score).toBe(0);
    expect(b.first).toBe(0);
    expect(b.ai?.sentiment_confidence).toBeLessThan(0.5);
  });

  it('returns the confidence with the analysis from the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/news/get/${unsure}` });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ news: NewsArticle[] }>();
    const article = body.news[0];
    expect(article?.AI?.sentiment).toBe('neutral');
    expect(article?.AI?.sentiment_confidence).toBeLessThan(0.5);
  });

  it('leaves the unsure article out of the bullish and bearish feeds', async () => {
    const feed = async (filter: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/news/query?${filter}&order_by=-creation_date`,
      });
      expect(response.statusCode).toBe(200);
      return newsResponseSchema.parse(response.json()).news.map((n) => n.id);
    };
    const bullish = await feed('sentiment_score__gte=7');
    expect(bullish).toContain(sure);
    expect(bullish).not.toContain(unsure);
    expect(await feed('sentiment_score__lte=-5')).not.toContain(unsure);
  });

  it('leaves the unsure article out of the track record’s calls', async () => {
    const calls = await createTrackRecordRepository(t.database.db).callArticles(NOW, null, 100);
    const ids = calls.map((c) => c.id);
    expect(ids).toContain(sure);
    expect(ids).not.toContain(unsure);
  });
});
