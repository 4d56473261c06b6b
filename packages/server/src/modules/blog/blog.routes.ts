import { errorResponseSchema } from '@app/shared/api/envelope';
import {
  blogListResponseSchema,
  blogPostResponseSchema,
  blogSlugSchema,
} from '@app/shared/api/site';
import { z } from 'zod';
import type { ZodApp } from '../../http/types.ts';
import type { BlogService } from './blog.service.ts';

/** The blog's public reads: the list of weekly recaps and one recap by its slug. */
export function blogRoutes(app: ZodApp, { blog }: { blog: BlogService }) {
  const tags = ['blog'];
  app.get(
    '/blog/posts',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The analyst's weekly market recaps, newest first",
        response: { 200: blogListResponseSchema },
      },
    },
    async () => ({ status: 'success' as const, posts: await blog.list() }),
  );
  app.get(
    '/blog/posts/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One weekly recap (markdown body, cited article ids)',
        params: z.object({ slug: blogSlugSchema }),
        response: {
          200: blogPostResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({ status: 'success' as const, post: await blog.post(request.params.slug) }),
  );
}
