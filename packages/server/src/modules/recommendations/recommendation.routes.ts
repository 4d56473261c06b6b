import { RECOMMENDATIONS_LIMIT, recommendationsResponseSchema } from '@app/shared/api/portfolio';
import { z } from 'zod';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { RecommendationService } from './recommendation.service.ts';

const route = moduleRoutes({ tags: ['companies'], errors: errorAnswers() });

/** Spec §9 "recommendations query 20": public, at most 20. */
export function recommendationRoutes(
  app: ZodApp,
  { recommendations }: { recommendations: RecommendationService },
) {
  app.get(
    '/company/recommendations',
    route({
      access: 'public',
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
      response: recommendationsResponseSchema,
      errors: errorAnswers(400),
    }),
    async (request) => ({
      status: 'success' as const,
      recommendations: await recommendations.top(request.query.limit),
    }),
  );
}
