import { siteFiguresResponseSchema } from '@app/shared/api/site';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { SiteFiguresService } from './site-figures.service.ts';

const route = moduleRoutes({ tags: ['site'], errors: errorAnswers() });

/** The landing's trust figures: public, the same for everyone, counted at most every ten minutes. */
export function siteFiguresRoutes(app: ZodApp, { figures }: { figures: SiteFiguresService }) {
  app.get(
    '/site/figures',
    route({
      access: 'public',
      summary:
        'The landing figures counted from this installation: readers in the last 30 days, analysed articles, companies, alerts sent',
      response: siteFiguresResponseSchema,
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { status: 'success' as const, figures: await figures.figures() };
    },
  );
}
