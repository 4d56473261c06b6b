import type { NewsArticle } from '@app/shared/api/news';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enrichNewsJob } from '../src/modules/news/news-enrich.job.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import type { JobDeps } from '../src/jobs/define-job.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { analysisAnswer, startFakeOpenAi, type FakeOpenAi } from './helpers/fake-openai.ts';
import { jobDeps } from './helpers/job-deps.ts';

type TranslationBody = { news: NewsArticle[]; language: string };

describe('news enriched and translated by the openai analyst (a local chat-completions server)', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let deps: JobDeps;
  let reader: TestUser;
  let heavyReader: TestUser;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await buildTestApp({
      demoCompanies: true,
      env: {
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: 'sk-integration',
        OPENAI_MODEL: 'test-model',
        OPENAI_TIMEOUT_MS: '2000',
        // 20 translations an hour become 4 (and 10 registrations an hour 2: both readers).
        RATE_LIMIT_SCALE: '0.2',
      },
    });
    deps = jobDeps(t.database.db, {
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-integration',
      OPENAI_MODEL: 'test-model',
      OPENAI_TIMEOUT_MS: '2000',
    });
    await ingestNewsJob.handler({}, deps);
    await enrichNewsJob.handler({}, deps);
    reader = await registerUser(t.app);
    heavyReader = await registerUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const newsRows = () =>
    t.database.db
      .selectFrom('news')
      .select(['id', 'status', 'AI', 'summary', 'ai_summary', 'sentiment_score', 'interest_score'])
      .orderBy('creation_date', 'desc')
      .execute();
  const aiOf = (row: { AI: unknown }) => row.AI as NewsArticle['AI'];

  it("stores the model's validated analysis with the model as provider", async () => {
    const rows = await newsRows();
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const row of rows) {
      expect(row.status).toBe('PROCESSED');
      const ai = aiOf(row);
      expect(ai).toMatchObject({
        classification: 'Company Results',
        sentiment: 'bullish',
        sentiment_score: 7,
        defcon_level: 2,
        provider: 'openai (test-model)',
      });
      expect(row.sentiment_score).toEqual([7]);
      expect(row.interest_score).toBe(8);
      expect(row.summary).toBe(ai?.summary);
      expect(row.ai_summary).toBe(ai?.paragraph);
      // The model cites sentences 0 and 2: only those the article has are kept, with their text.
      expect(ai?.sources.every((s) => s.index === 0 || s.index === 2)).toBe(true);
      expect(ai?.sources.every((s) => s.text.length > 0)).toBe(true);
    }
  });

  it('stores a neutral call with the score 0 and a bullish one with a positive score, whatever score the model gave', async () => {
    const rows = await newsRows();
    const [first, second] = rows.map((r) => r.id);
    await t.database.db
      .updateTable('news')
      .set({ status: 'WAITING_INDEX' })
      .where('id', 'in', [first ?? '', second ?? ''])
      .execute();
    fake.enqueue(
      { answer: analysisAnswer({ sentiment: 'neutral', sentiment_score: 4 }) },
      { answer: analysisAnswer({ sentiment: 'bullish', sentiment_score: -3 }) },
    );
    await enrichNewsJob.handler({}, deps);
    const fresh = (await newsRows()).filter((r) => r.id === first || r.id === second);
    const calls = fresh.map((r) => [
      aiOf(r)?.sentiment,
      aiOf(r)?.sentiment_score,
      r.sentiment_score,
    ]);
    expect(calls).toHaveLength(2);
    expect(calls).toContainEqual(['neutral', 0, [0]]);
    expect(calls).toContainEqual(['bullish', 1, [1]]);
  });

  it('records the offline fallback and its reason when the model keeps failing', async () => {
    const [row] = await newsRows();
    const id = row?.id ?? '';
    await t.database.db
      .updateTable('news')
      .set({ status: 'WAITING_INDEX' })
      .where('id', '=', id)
      .execute();
    fake.enqueue({ status: 500 }, { status: 502 }, { status: 503 });
    await enrichNewsJob.handler({}, deps);
    expect(fake.requests).toHaveLength(3);
    const fresh = (await newsRows()).find((r) => r.id === id);
    expect(fresh?.status).toBe('PROCESSED');
    expect(aiOf(fresh ?? { AI: null })?.provider).toBe(
      'offline (openai failed: HTTP 503: status 503)',
    );
  });

  it('translates the AI title, summary and paragraph of an article for a signed-in user', async () => {
    const [row] = await newsRows();
    const url = `/api/news/translate/${row?.id ?? ''}/es-ES`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(reader.token) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TranslationBody>();
    const ai = aiOf(row ?? { AI: null });
    expect(body.language).toBe('es-ES');
    expect(body.news[0]?.id).toBe(row?.id);
    expect(body.news[0]?.AI?.title).toBe(`[es-ES] ${ai?.title ?? ''}`);
    expect(body.news[0]?.AI?.summary).toBe(`[es-ES] ${ai?.summary ?? ''}`);
    expect(body.news[0]?.summary).toBe(`[es-ES] ${ai?.summary ?? ''}`);
    expect(body.news[0]?.ai_summary).toBe(`[es-ES] ${ai?.paragraph ?? ''}`);
    expect(body.news[0]?.AI?.classification).toBe(ai?.classification);
  });

  it('answers 503 when the model cannot translate, and 429 past the hourly limit', async () => {
    const [row] = await newsRows();
    const translate = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/news/translate/${row?.id ?? ''}/fr-FR`,
        headers: bearer(heavyReader.token),
      });
    fake.enqueue({ status: 500 }, { status: 500 }, { status: 500 });
    const failed = await translate();
    expect(failed.statusCode, failed.body).toBe(503);
    expect(failed.json<{ error_msg: string }>().error_msg).toMatch(/language model/);
    for (let i = 0; i < 3; i += 1) expect((await translate()).statusCode).toBe(200);
    expect((await translate()).statusCode).toBe(429);
  });

  it('answers 404 for an unknown article', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/news/translate/00000000-0000-0000-0000-000000000000/es-ES',
      headers: bearer(reader.token),
    });
    expect(res.statusCode).toBe(404);
  });
});
