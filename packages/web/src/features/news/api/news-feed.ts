import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NEWS_QUERY_KEY } from './news-query-keys';
import { fetchNews, LATEST_AI_FILTERS } from './news-list';
import type { NewsFilters } from './news-list';

/** Spec §9: the scroll feed loads 5 articles at a time. */
export const FEED_PAGE_SIZE = 5;

/** One news feed of spec §2: what it is called and which filters it asks /news/query for. */
export interface NewsFeed {
  heading: string;
  description: string;
  filters: NewsFilters;
}

const ORDER_NEWEST = { order_by: '-creation_date' } as const;

/** `class/{type}` and `publisher/{type}`: underscores in the URL become spaces (spec §2). */
export function typeFromSegment(segment: string): string {
  return segment.replace(/_/g, ' ');
}

/**
 * The feed of a /news/{kind}[/{type}] route, or null for a kind that has no feed.
 */
export function newsFeedFor(kind: string, type?: string): NewsFeed | null {
  switch (kind) {
    case 'latest_ai':
      return {
        heading: 'AI news feed',
        description: 'The latest news tied to companies, summarised by our AI analyst.',
        filters: LATEST_AI_FILTERS,
      };
    case 'latest':
      return {
        heading: 'Latest news',
        description: 'Every article, newest first.',
        filters: { ...ORDER_NEWEST, no_cache: '1' },
      };
    case 'bullish':
      return {
        heading: 'Bullish news',
        description: 'Articles with a sentiment score of 7 or more.',
        filters: { sentiment_score__gte: '7', ...ORDER_NEWEST },
      };
    case 'bearish':
      return {
        heading: 'Bearish news',
        description: 'Articles with a sentiment score of −5 or less.',
        filters: { sentiment_score__lte: '-5', ...ORDER_NEWEST },
      };
    case 'defcon':
      return {
        heading: 'Defcon alerts',
        description: 'Articles our AI analyst rates as defcon level 1 or 2.',
        filters: { AI__defcon_level__lte: '2', ...ORDER_NEWEST },
      };
    case 'class':
    case 'publisher': {
      if (!type) return null;
      const name = typeFromSegment(type);
      return kind === 'class'
        ? {
            heading: `News: ${name}`,
            description: `Articles classified as ${name}.`,
            filters: { AI__classification: name, ...ORDER_NEWEST },
          }
        : {
            heading: `News from ${name}`,
            description: `Articles published by ${name}.`,
            filters: { publisher: name, ...ORDER_NEWEST },
          };
    }
    default:
      return null;
  }
}

export function newsFeedQueryOptions(filters: NewsFilters) {
  return infiniteQueryOptions({
    queryKey: [...NEWS_QUERY_KEY, 'feed', filters] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchNews(filters, { skip: pageParam, limit: FEED_PAGE_SIZE }, signal),
    initialPageParam: 0,
    // A short page means the feed has ended.
    getNextPageParam: (lastPage, allPages) =>
      lastPage.length < FEED_PAGE_SIZE ? undefined : allPages.length * FEED_PAGE_SIZE,
    staleTime: 60_000,
  });
}

/** A scroll feed: 5 articles per page, `fetchNextPage` appends the next 5. */
export function useNewsFeed(filters: NewsFilters) {
  return useInfiniteQuery(newsFeedQueryOptions(filters));
}
