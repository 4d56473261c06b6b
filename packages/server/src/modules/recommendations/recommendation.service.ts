import { RECOMMENDATIONS_LIMIT, type Recommendation } from '@app/shared/api/portfolio';
import type { Clock } from '../../clock.ts';
import { createAnswerCache } from '../../cache/answer-cache.ts';
import type { RecommendationRepository, RecommendationRow } from './recommendation.repository.ts';
import {
  recommendationReason,
  recommendationScore,
  type RecommendationFactors,
} from './recommendation-rules.ts';

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

const factorsOf = (row: RecommendationRow): RecommendationFactors => ({
  newsSentiment: row.news_sentiment,
  articles: row.articles,
  analysisScore: row.analysis_score,
  changePct31: row.change_pct_31,
  changePct365: row.change_pct_365,
});

/**
 * How long the ranking is reused in the process (real time). It is one question for every
 * visitor, and each call planned the statement (2–4 ms) and, with quotes, aggregated the 14-day
 * news of every listing (89 ms cold at a million articles; 0.10× the indexed SELECT in bench/news);
 * its HTTP answer may be cached 30 s anyway (http-cache-routes.ts). Analyses, news and quotes
 * change it within this time.
 */
export const RECOMMENDATIONS_CACHE_TTL_MS = 5_000;

/** Companies ranked by recent news sentiment, their latest analysis and price momentum (§9). */
export function createRecommendationService(deps: {
  repository: RecommendationRepository;
  clock: Clock;
  /** The cache's monotonic milliseconds (tests); `performance.now()` otherwise. */
  cacheNow?: () => number;
}) {
  /**
   * The best {@link RECOMMENDATIONS_LIMIT} by business minute: a smaller `limit` is a prefix of
   * it (the order is total: score, then the listing). Concurrent misses share one query.
   */
  const answers = createAnswerCache<Recommendation[]>({
    ttlMs: RECOMMENDATIONS_CACHE_TTL_MS,
    maxEntries: 4,
    ...(deps.cacheNow && { now: deps.cacheNow }),
  });
  const ranked = async (now: Date): Promise<Recommendation[]> => {
    const rows = await deps.repository.top(now, RECOMMENDATIONS_LIMIT);
    return rows.map((row) => {
      const factors = factorsOf(row);
      return {
        exchange_ticker: row.exchange_ticker,
        company_name: row.company_name,
        score: recommendationScore(factors),
        reason: recommendationReason(factors),
        change_pct_31: row.change_pct_31,
        change_pct_365: row.change_pct_365,
        news_sentiment: round1(row.news_sentiment),
        analysis_score: round1(row.analysis_score),
      };
    });
  };
  return {
    async top(limit: number): Promise<Recommendation[]> {
      const now = deps.clock.now();
      const minute = Math.floor(now.getTime() / 60_000);
      const best = await answers.get(String(minute), async () => ({ body: await ranked(now) }));
      return best.slice(0, limit);
    },
  };
}

export type RecommendationService = ReturnType<typeof createRecommendationService>;
