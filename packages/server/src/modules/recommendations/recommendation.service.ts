import type { Recommendation } from '@app/shared/api/portfolio';
import type { Clock } from '../../clock.ts';
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

/** Companies ranked by recent news sentiment, their latest analysis and price momentum (§9). */
export function createRecommendationService(deps: {
  repository: RecommendationRepository;
  clock: Clock;
}) {
  return {
    async top(limit: number): Promise<Recommendation[]> {
      const rows = await deps.repository.top(deps.clock.now(), limit);
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
    },
  };
}

export type RecommendationService = ReturnType<typeof createRecommendationService>;
