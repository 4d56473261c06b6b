import { errorResponseSchema } from '@app/shared/api/envelope';
import { RECOMMENDATIONS_LIMIT, recommendationsResponseSchema } from '@app/shared/api/portfolio';
import { z } from 'zod';
import { queryParams } from '../../http/strict-query.ts';
import type { ZodApp } from '../../http/types.ts';
import type { RecommendationService } from './recommendation.service.ts';

/** Spec §9 "recommendations query 20": public, at most 20. */
export function recommendationRoutes(
  app: ZodApp,
  { recommendations }: { recommendations: RecommendationService },
) {
  app.get(
    '/company/recommendations',
    {
      config: { access: 'public' },
      schema: {
        tags: ['companies'],
        summary:
          'Companies ranked by recent news sentiment, their latest analysis and price momentum, with the reason in one line',
        querystring: queryParams({
          limit: z.coerce
            .number()
            .int('limit is a whole number.')
            .min(1, 'limit is at least 1.')
            .max(RECOMMENDATIONS_LIMIT, `limit is at most ${RECOMMENDATIONS_LIMIT}.`)
            .default(RECOMMENDATIONS_LIMIT),
        }),
        response: { 200: recommendationsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      status: 'success' as const,
      recommendations: await recommendations.top(request.query.limit),
    }),
  );
}
