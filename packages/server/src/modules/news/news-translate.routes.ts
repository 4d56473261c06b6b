import { newsTranslationResponseSchema } from '@app/shared/api/news';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import { RATE_RULES, type RateLimiter } from '../security/rate-limiter.ts';
import type { NewsTranslateService } from './news-translate.service.ts';

const route = moduleRoutes({ tags: ['news'], errors: errorAnswers() });

/**
 * `/news/translate/{id}/{lang}` (a debug link of the spec). Signed-in users only, and rate-limited
 * per user: with a language model configured every call is a paid LLM request.
 */
export function newsTranslateRoutes(
  app: ZodApp,
  deps: { translate: NewsTranslateService; limiter: RateLimiter },
) {
  app.get(
    '/news/translate/:id/:lang',
    route({
      access: 'user',
      summary:
        'An article with its AI title, summary and paragraph translated (needs a language model: 400 with the offline analyst; 503 when the model fails; at most 20 an hour a user)',
      params: z.object({
        id: z.string().max(64),
        lang: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language tag like es-ES'),
      }),
      response: newsTranslationResponseSchema,
      errors: errorAnswers(400, 404, 409, 429, 503),
    }),
    async (request) => {
      const user = currentUser(request);
      await deps.limiter.hit(RATE_RULES.translatePerUser, user.id);
      const { id, lang } = request.params;
      const article = await deps.translate.translate(id, lang, user.is_admin);
      return { status: 'success' as const, news: [article], language: lang };
    },
  );
}
