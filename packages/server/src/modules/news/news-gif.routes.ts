import {
  newsGifKeywordsParam,
  newsGifResponseSchema,
  splitGifKeywords,
} from '@app/shared/api/news-gif';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import { animationFile } from './animations/animation-files.ts';
import type { NewsGifService } from './news-gif.service.ts';

/** Spec "GET /news/gif?keywords=…": an animation for an article's GIF keywords; our GIF files. */
export function newsGifRoutes(app: ZodApp, { gifs }: { gifs: NewsGifService }) {
  const tags = ['news'];
  const route = moduleRoutes({ tags, errors: errorAnswers() });

  app.get(
    '/news/gif',
    route({
      access: 'public',
      summary:
        'An animation for GIF keywords (comma-separated, at most 10, each at most 40 characters): GIPHY’s first result when a key is configured, else one of our bundled animations',
      querystring: queryParams({ keywords: newsGifKeywordsParam }),
      response: newsGifResponseSchema,
      errors: errorAnswers(400),
    }),
    async (request) => ({
      status: 'success' as const,
      gif: await gifs.find(splitGifKeywords(request.query.keywords)),
    }),
  );

  app.get(
    '/news/gif/file/:file',
    route({
      access: 'public',
      summary: 'A bundled animation (`{id}.gif`, image/gif, cached for a year)',
      params: z.object({ file: z.string().max(100) }),
      // Buffers are sent as they are; the schema only documents the answer.
      response: z.unknown().describe('The GIF (image/gif)'),
      errors: errorAnswers(404),
    }),
    async (request, reply) => {
      const id = /^([a-z0-9-]+)\.gif$/.exec(request.params.file)?.[1];
      const file = id ? animationFile(id) : null;
      if (!file) throw notFound('Animation not found.');
      return reply
        .type('image/gif')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(await file);
    },
  );
}
