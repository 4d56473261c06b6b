import type { NewsArticle } from '@app/shared/api/news';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../src/db/migrations/2026-12-01T1400-news-score-follows-call.ts';
import { enrichNewsJob } from '../src/modules/news/news-enrich.job.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { jobDeps } from './helpers/job-deps.ts';

/** Stored analyses written before the score followed the call are brought in line with it. */
describe('the migration that makes stored scores follow the call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true });
    const deps = jobDeps(t.database.db);
    await ingestNewsJob.handler({}, deps);
    await enrichNewsJob.handler({}, deps);
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = () =>
    t.database.db
      .selectFrom('news')
      .select(['id', 'AI', 'sentiment_score', 'sentiment_first'])
      .where('status', '=', 'PROCESSED')
      .orderBy('id')
      .execute();

  it('scores neutral analyses 0, and keeps bullish scores positive and bearish ones negative', async () => {
    const before = await rows();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = before.map((r) => r.id);
    // Analyses as the analyst stored them before the rule.
    const set = (id: string | undefined, sentiment: string, score: number) =>
      sql`update news set sentiment_score = array[${score}]::float8[],
          "AI" = jsonb_set(jsonb_set("AI", '{sentiment}', to_jsonb(${sentiment}::text)),
            '{sentiment_score}', to_jsonb(${score}::int))
        where id = ${id ?? ''}`.execute(t.database.db);
    await set(a, 'neutral', 3);
    await set(b, 'bullish', 0);
    await set(c, 'bearish', -6);
    await up(t.database.db as unknown as Kysely<unknown>);
    const after = new Map((await rows()).map((r) => [r.id, r]));
    const call = (id: string | undefined) => {
      const row = after.get(id ?? '');
      const ai = row?.AI as NewsArticle['AI'];
      return [ai?.sentiment, ai?.sentiment_score, row?.sentiment_first];
    };
    expect(call(a)).toEqual(['neutral', 0, 0]);
    expect(call(b)).toEqual(['bullish', 1, 1]);
    expect(call(c)).toEqual(['bearish', -6, -6]);
    // Every stored analysis now agrees with its call.
    for (const row of after.values()) {
      const ai = row.AI as NewsArticle['AI'];
      const first = row.sentiment_first ?? NaN;
      if (ai?.sentiment === 'neutral') expect(first).toBe(0);
      if (ai?.sentiment === 'bullish') expect(first).toBeGreaterThan(0);
      if (ai?.sentiment === 'bearish') expect(first).toBeLessThan(0);
      expect(ai?.sentiment_score).toBe(first);
    }
  });
});
