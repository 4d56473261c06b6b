import type { Recommendation } from '@app/shared/api/portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import {
  recommendationReason,
  recommendationScore,
} from '../src/modules/recommendations/recommendation-rules.ts';
import { createRecommendationRepository } from '../src/modules/recommendations/recommendation.repository.ts';
import {
  createRecommendationService,
  RECOMMENDATIONS_CACHE_TTL_MS,
} from '../src/modules/recommendations/recommendation.service.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';

type Body = { status: string; recommendations: Recommendation[] };

const NOW = new Date('2026-11-25T15:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe('the recommendations (/company/recommendations, spec §9)', () => {
  let t: TestApp;
  let seq = 0;

  async function quote(
    symbol: string,
    change31: number | null,
    change365: number | null,
    asOf = daysAgo(1),
  ) {
    await t.database.db
      .insertInto('quote_snapshots')
      .values({
        exchange_ticker: symbol,
        price: 100,
        previous_close: 99,
        open: 99,
        day_low: 98,
        day_high: 101,
        change: 1,
        change_pct: 1.01,
        currency: 'USD',
        source: 'demo',
        as_of: asOf,
        change_pct_31: change31,
        change_pct_365: change365,
      })
      .execute();
  }

  async function article(
    symbols: string[],
    sentiment: number,
    interest: number,
    options: { at?: Date; status?: 'PROCESSED' | 'WAITING_INDEX'; blocked?: boolean } = {},
  ) {
    seq += 1;
    await t.database.db
      .insertInto('news')
      .values({
        link: `https://wire.example/${seq}`,
        guid: `rec-${seq}`,
        title: `Story ${seq}`,
        creation_date: options.at ?? daysAgo(2),
        sentiment_score: [sentiment],
        interest_score: interest,
        related_exchange_tickers: symbols,
        status: options.status ?? 'PROCESSED',
        is_blocked: options.blocked ?? false,
        source: 'test',
      })
      .execute();
  }

  async function analysis(symbol: string, score: number, at = daysAgo(3)) {
    const { company_id } = await t.database.db
      .selectFrom('securities')
      .select('company_id')
      .where('exchange_ticker', '=', symbol)
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('company_prompts')
      .values({
        company_id,
        ai_summary: 'An analysis.',
        sentiment_score: score,
        provider: 'offline',
        inputs_fingerprint: `fp-${symbol}-${at.toISOString()}`,
        ai_upload_date: at,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock: fixedClock(NOW) });
    // NVDA: bullish news (interest-weighted: (8×11 + 2×1) / 12 = 7.5), strong momentum.
    await quote('NASDAQ:NVDA', 12, 60);
    await article(['NASDAQ:NVDA'], 8, 10);
    await article(['NASDAQ:NVDA', 'NASDAQ:AMD'], 2, 0);
    // AMD: the shared article only, flat prices.
    await quote('NASDAQ:AMD', 0.2, -3);
    // AAPL: an analysis only (the older one is superseded), falling prices.
    await quote('NASDAQ:AAPL', -6, -12);
    await analysis('NASDAQ:AAPL', -2, daysAgo(40));
    await analysis('NASDAQ:AAPL', 6);
    // Guards: JPM has a quote but no news or analysis; XOM's quote is stale; MSFT's only news
    // is old, unprocessed or blocked; an analysis older than 90 days does not count (KO).
    await quote('NYSE:JPM', 30, 80);
    await quote('NYSE:XOM', 5, 5, daysAgo(30));
    await article(['NYSE:XOM'], 9, 10);
    await quote('NASDAQ:MSFT', 10, 10);
    await article(['NASDAQ:MSFT'], 9, 9, { at: daysAgo(20) });
    await article(['NASDAQ:MSFT'], 9, 9, { status: 'WAITING_INDEX' });
    await article(['NASDAQ:MSFT'], 9, 9, { blocked: true });
    await quote('NYSE:KO', 10, 10);
    await analysis('NYSE:KO', 9, daysAgo(120));
    // Alphabet: two share classes, one company: only the better-scoring class is listed.
    await quote('NASDAQ:GOOGL', 5, 20);
    await quote('NASDAQ:GOOG', 4, 19);
    await analysis('NASDAQ:GOOGL', 3);
  });
  afterAll(() => t.close());

  const fetch = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/company/recommendations${query}` });

  it('ranks the companies with news or an analysis and a fresh quote, best first, to a visitor', async () => {
    const res = await fetch('?limit=20');
    expect(res.statusCode, res.body).toBe(200);
    const { recommendations } = res.json<Body>();
    expect(recommendations.map((r) => r.exchange_ticker)).toEqual([
      'NASDAQ:NVDA',
      'NASDAQ:GOOGL',
      'NASDAQ:AAPL',
      'NASDAQ:AMD',
    ]);
    const nvda = recommendations[0]!;
    expect(nvda).toMatchObject({
      company_name: 'NVIDIA Corporation',
      news_sentiment: 7.5,
      analysis_score: null,
      change_pct_31: 12,
      change_pct_365: 60,
    });
    // 40 × 0.75 × 2/4 = 15; month 15 × 0.6 = 9; year 15 × 1 = 15.
    expect(nvda.score).toBe(39);
    expect(nvda.reason).toBe(
      'Bullish news (sentiment +8, 2 articles in 14 days), up 60% in a year.',
    );
    expect(recommendations[2]).toMatchObject({ analysis_score: 6, news_sentiment: null });
  });

  it('orders as the documented rule scores (the SQL ranking and the rule agree)', async () => {
    const { recommendations } = (await fetch()).json<Body>();
    expect(recommendations.length).toBe(4);
    const rescored = recommendations.map((r) =>
      recommendationScore({
        newsSentiment: r.news_sentiment,
        articles: r.exchange_ticker === 'NASDAQ:NVDA' ? 2 : r.news_sentiment === null ? 0 : 1,
        analysisScore: r.analysis_score,
        changePct31: r.change_pct_31,
        changePct365: r.change_pct_365,
      }),
    );
    expect(recommendations.map((r) => r.score)).toEqual(rescored);
    expect(rescored).toEqual([...rescored].sort((a, b) => b - a));
    for (const r of recommendations) {
      expect(r.reason).not.toMatch(/\d[.,]\d/);
      expect(r.reason.length).toBeGreaterThan(5);
    }
    expect(recommendations[2]!.reason).toBe(
      recommendationReason({
        newsSentiment: null,
        articles: 0,
        analysisScore: 6,
        changePct31: -6,
        changePct365: -12,
      }),
    );
  });

  it('answers at most `limit`, 20 by default, and refuses more than 20 with a 400', async () => {
    expect((await fetch('?limit=2')).json<Body>().recommendations).toHaveLength(2);
    for (const bad of ['?limit=21', '?limit=0', '?limit=abc', '?limit=2.5', '?top=3']) {
      const res = await fetch(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ status: string }>().status).toBe('error');
    }
  });

  it('reuses the ranking for a few seconds: concurrent callers share one query, a smaller limit is its prefix', async () => {
    const repository = createRecommendationRepository(t.database.db);
    let queries = 0;
    let monotonic = 1_000;
    const service = createRecommendationService({
      repository: {
        top: (now, limit) => {
          queries += 1;
          return repository.top(now, limit);
        },
      },
      clock: fixedClock(NOW),
      cacheNow: () => monotonic,
    });
    const [first, second, two] = await Promise.all([
      service.top(20),
      service.top(20),
      service.top(2),
    ]);
    expect(queries).toBe(1);
    expect(second).toEqual(first);
    expect(two).toEqual(first.slice(0, 2));
    expect(first.map((r) => r.exchange_ticker)).toContain('NASDAQ:AMD');

    // New bearish news about AMD shows once the entry's lifetime has passed, not before.
    await article(['NASDAQ:AMD'], -9, 10);
    await article(['NASDAQ:AMD'], -9, 10);
    monotonic += RECOMMENDATIONS_CACHE_TTL_MS - 10;
    expect(await service.top(20)).toEqual(first);
    expect(queries).toBe(1);
    monotonic += 20;
    const fresh = await service.top(20);
    expect(queries).toBe(2);
    expect(fresh.find((r) => r.exchange_ticker === 'NASDAQ:AMD')?.news_sentiment).toBeLessThan(
      first.find((r) => r.exchange_ticker === 'NASDAQ:AMD')?.news_sentiment ?? 0,
    );
  });
});
