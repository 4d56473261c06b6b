import { successResponse } from '@app/shared/api/envelope';
import { newsArticleSchema } from '@app/shared/api/news';
import { z } from 'zod';

/*
 * The news answers' schemas, imported on demand by their fetchers (news-list.ts,
 * news-article.ts, through the api client's `loadSchema`): a feed's or an article's first load
 * then carries no zod (a chunk the first answer loads, while the page is already drawn from the
 * server's or the cache's data).
 */

/** A list of articles, or the one of /news/get/{id}. No projection (`only`) is asked for, so
 * every field of an article is present. */
export const newsArticlesResponseSchema = successResponse({ news: z.array(newsArticleSchema) });
