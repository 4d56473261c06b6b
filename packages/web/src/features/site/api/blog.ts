import { blogListResponseSchema, blogPostResponseSchema } from '@app/shared/api/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /blog/posts: the weekly recaps, newest first. */
export const blogListQueryOptions = queryOptions({
  queryKey: ['blog', 'list'] as const,
  queryFn: async ({ signal }) =>
    (await apiGet('/blog/posts', undefined, { schema: blogListResponseSchema, signal })).posts,
  staleTime: 5 * 60_000,
});

/** GET /blog/posts/{slug}: one recap. */
export function blogPostQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['blog', 'post', slug] as const,
    queryFn: async ({ signal }) =>
      (
        await apiGet(`/blog/posts/${encodeURIComponent(slug)}`, undefined, {
          schema: blogPostResponseSchema,
          signal,
        })
      ).post,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export const useBlogPosts = () => useQuery(blogListQueryOptions);
export const useBlogPost = (slug: string) => useQuery(blogPostQueryOptions(slug));
