import {
  blogListResponseSchema,
  blogPostResponseSchema,
  blogSlugSchema,
} from '@app/shared/api/site';
import { z } from 'zod';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import { createAnswerCache } from '../../cache/answer-cache.ts';
import { jsonBody, sendJson } from '../../http/kept-json.ts';
import type { BlogService } from './blog.service.ts';

/**
 * How long this process serves a blog answer it built: recaps are written once a week (and a
 * rewrite only completes one that cited nothing), so a minute late is never noticed.
 */
export const BLOG_ANSWER_TTL_MS = 60_000;

/**
 * The blog's public reads: the list of weekly recaps and one recap by its slug. Each answer is
 * built (query, mapping, JSON) once per minute and process and sent as bytes (the list
 * is 13 KB of JSON every landing and blog visitor asks for).
 */
export function blogRoutes(app: ZodApp, { blog }: { blog: BlogService }) {
  const tags = ['blog'];
  const route = moduleRoutes({ tags, errors: errorAnswers() });
  const answers = createAnswerCache({ ttlMs: BLOG_ANSWER_TTL_MS, maxEntries: 500 });
  app.get(
    '/blog/posts',
    route({
      access: 'public',
      summary: "The analyst's weekly market recaps, newest first",
      response: blogListResponseSchema,
    }),
    async (_request, reply) =>
      sendJson(
        reply,
        await answers.get('list', async () => ({
          body: jsonBody({ status: 'success', posts: await blog.list() }),
        })),
      ),
  );
  app.get(
    '/blog/posts/:slug',
    route({
      access: 'public',
      summary: 'One weekly recap (markdown body, cited article ids)',
      params: z.object({ slug: blogSlugSchema }),
      response: blogPostResponseSchema,
      errors: errorAnswers(400, 404),
    }),
    async (request, reply) =>
      sendJson(
        reply,
        await answers.get(`post:${request.params.slug}`, async () => ({
          body: jsonBody({ status: 'success', post: await blog.post(request.params.slug) }),
        })),
      ),
  );
}
