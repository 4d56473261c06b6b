import type { MarketDataProvider } from '../../providers/market-data/market-data-provider.ts';
import { createBlogRepository } from '../blog/blog.repository.ts';
import { createBlogService } from '../blog/blog.service.ts';
import { createCommentPageCache } from '../comments/comment-page-cache.ts';
import { createCommentRepository } from '../comments/comment.repository.ts';
import { createCommentService } from '../comments/comment.service.ts';
import { createContactRepository } from '../contact/contact.repository.ts';
import { createContactService } from '../contact/contact.service.ts';
import { createNewsletterRepository } from '../newsletter/newsletter.repository.ts';
import { createNewsletterService } from '../newsletter/newsletter.service.ts';
import { blogSeo } from '../seo/blog-source.ts';
import { createSiteFiguresRepository } from '../site/site-figures.repository.ts';
import { createSiteFiguresService } from '../site/site-figures.service.ts';
import { createOgImageRepository } from '../seo/og-image.repository.ts';
import { createSeoServices } from '../seo/seo-services.ts';
import type { AssistantGroup } from './assistant.ts';
import type { NewsGroup } from './news.ts';
import type { CompositionBase, Foundation } from './service-deps.ts';

/**
 * The readers' community and the public site: comments, the newsletter's double
 * opt-in, the contact inbox, the weekly recaps and what search engines and link previews read.
 */
export function composeSite(
  deps: CompositionBase &
    Pick<Foundation, 'mailer' | 'limiter' | 'users' | 'unsubscribe'> &
    Pick<NewsGroup, 'news'> &
    Pick<AssistantGroup, 'companies' | 'analysis'> & { marketData: MarketDataProvider },
) {
  const { db, hub, config, log, clock, mailer, limiter, news } = deps;
  // The admin lists kept in memory while their tables are unchanged (ADMIN_PAGE_CACHE).
  const adminPages = deps.users.adminPages && { adminPages: deps.users.adminPages };
  // Comments, replies, reports and moderation; articles' visibility is the news rule.
  const comments = createCommentService({
    repository: createCommentRepository(db),
    limiter,
    mailer,
    clock,
    log,
    publicUrl: config.publicUrl,
    articleTitles: (ids, viewer) => news.titlesVisibleTo(ids, viewer),
    ...(config.commentsCache && { cache: createCommentPageCache({ hub }) }),
  });
  const newsletter = createNewsletterService({
    repository: createNewsletterRepository(db),
    mailer,
    unsubscribe: deps.unsubscribe,
    limiter,
    clock,
    publicUrl: config.publicUrl,
    ...adminPages,
  });
  const contact = createContactService({
    repository: createContactRepository(db),
    mailer,
    limiter,
    clock,
    contactEmail: config.contact.email,
    publicUrl: config.publicUrl,
    ...adminPages,
  });
  const blog = createBlogService({
    repository: createBlogRepository(db),
    marketData: deps.marketData,
    clock,
    log,
  });
  // Search engines and link previews: page heads, sitemap, robots, OG images.
  const seo = createSeoServices({
    publicUrl: config.publicUrl,
    webDistDir: config.webDistDir,
    articles: deps.news,
    companies: deps.companies,
    analyses: deps.analysis,
    blog: blogSeo(blog),
    images: createOgImageRepository(db, clock),
    log,
    clock,
  });
  // The landing's trust figures, counted from this installation's tables.
  const siteFigures = createSiteFiguresService({
    repository: createSiteFiguresRepository(db),
    clock,
    demo: config.demoMode,
  });
  return { comments, newsletter, contact, blog, seo, siteFigures };
}

export type SiteGroup = ReturnType<typeof composeSite>;
