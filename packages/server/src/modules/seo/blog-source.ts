import type { BlogPostSummary } from '@app/shared/api/site';
import type { BlogPreview } from './seo.service.ts';
import type { SitemapSource } from './sitemap.service.ts';

/** What the SEO services read of the blog (its service's `list` and `post`). */
export type BlogReader = {
  list: () => Promise<BlogPostSummary[]>;
  post: (slug: string) => Promise<BlogPostSummary>;
};

const date = (epochSeconds: number) => new Date(epochSeconds * 1000);

/**
 * The blog's hook into the SEO services: a post's preview (undefined when it does not exist or is
 * not yet published) and one child sitemap of the posts the blog lists (its newest 52: a year of
 * weekly recaps).
 */
export function blogSeo(blog: BlogReader): {
  previewOf: (slug: string) => Promise<BlogPreview | undefined>;
  sitemap: SitemapSource;
} {
  return {
    previewOf: async (slug) => {
      const post = await blog.post(slug).catch(() => undefined);
      return post
        ? {
            slug: post.slug,
            title: post.title,
            excerpt: post.excerpt,
            published_at: date(post.published_at),
          }
        : undefined;
    },
    sitemap: {
      name: 'blog',
      isCursor: (cursor) => cursor === 'posts',
      pages: async () => {
        const posts = await blog.list();
        if (posts.length === 0) return [];
        const newest = Math.max(...posts.map((post) => post.published_at));
        return [{ first_id: 'posts', count: posts.length, lastmod: date(newest) }];
      },
      entries: async () =>
        (await blog.list()).map((post) => ({
          path: `/blog/${encodeURIComponent(post.slug)}`,
          lastmod: date(post.published_at),
        })),
    },
  };
}
