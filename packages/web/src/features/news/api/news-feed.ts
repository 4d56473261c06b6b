import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { NEWS_QUERY_KEY } from './news-query-keys';
import { fetchNewsFrom, LATEST_AI_FILTERS } from './news-list';
import type { NewsFilters } from './news-list';

/** Spec §9: the scroll feed loads 5 articles at a time. */
export const FEED_PAGE_SIZE = 5;

/** Spec §9: news list pages (pagination mode, Back and Next) show 20 articles a page. */
export const LIST_PAGE_SIZE = 20;

/**
 * How a feed pages (spec §4). Decision: the class and publisher feeds are the "news list pages"
 * of §9 — a reader browses a category or a publisher's back catalogue, where Back and Next with
 * the page in the URL (`?page=`) let them keep their place and share it. The headline feeds
 * (AI, latest, bullish, bearish, defcon, portfolio) stay scroll feeds: they are read top-down,
 * newest first, and rarely far back.
 */
export type FeedMode = 'scroll' | 'pages';

/** One news feed of spec §2: what it is called and which filters it asks /news/query for. */
export interface NewsFeed {
  heading: string;
  description: string;
  filters: NewsFilters;
  mode: FeedMode;
  /**
   * Which live `news` events announce this feed's new articles ('N new articles'):
   * stored ones for the latest feed, analysed ones for the AI feed and the feeds filtered on the
   * analysis (bullish, bearish, defcon). An announced article counts only once a read of the
   * feed's own top (its filters) shows it, so a filtered feed counts only its matches.
   */
  live?: 'ingested' | 'enriched';
}

/** Where a feed's articles come from: a news list endpoint and its parameters (no skip/limit). */
export interface NewsSource {
  path: string;
  params: NewsFilters;
}

/** GET /news/query with `filters`. */
export function querySource(filters: NewsFilters): NewsSource {
  return { path: '/news/query', params: filters };
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
        mode: 'scroll',
        live: 'enriched',
      };
    case 'latest':
      return {
        heading: 'Latest news',
        description: 'Every article, newest first.',
        filters: { ...ORDER_NEWEST, no_cache: '1' },
        mode: 'scroll',
        live: 'ingested',
      };
    case 'bullish':
      return {
        heading: 'Bullish news',
        description: 'Articles with a sentiment score of 7 or more.',
        filters: { sentiment_score__gte: '7', ...ORDER_NEWEST },
        mode: 'scroll',
        live: 'enriched',
      };
    case 'bearish':
      return {
        heading: 'Bearish news',
        description: 'Articles with a sentiment score of −5 or less.',
        filters: { sentiment_score__lte: '-5', ...ORDER_NEWEST },
        mode: 'scroll',
        live: 'enriched',
      };
    case 'defcon':
      return {
        heading: 'Defcon alerts',
        description: 'Articles our AI analyst rates as defcon level 1 or 2.',
        filters: { AI__defcon_level__lte: '2', ...ORDER_NEWEST },
        mode: 'scroll',
        live: 'enriched',
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
            mode: 'pages',
          }
        : {
            heading: `News from ${name}`,
            description: `Articles published by ${name}.`,
            filters: { publisher: name, ...ORDER_NEWEST },
            mode: 'pages',
          };
    }
    default:
      return null;
  }
}

/** Experiments (debug users): every article carrying an experiment, newest first. */
export const EXPERIMENT_FILTERS: NewsFilters = { experiment__ne: 'NULL', ...ORDER_NEWEST };

function sourceKey(source: NewsSource) {
  return [...NEWS_QUERY_KEY, 'source', source.path, source.params] as const;
}

export function newsFeedQueryOptions(source: NewsSource) {
  return infiniteQueryOptions({
    queryKey: [...sourceKey(source), 'scroll'] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchNewsFrom(source.path, source.params, { skip: pageParam, limit: FEED_PAGE_SIZE }, signal),
    initialPageParam: 0,
    // A short page means the feed has ended.
    getNextPageParam: (lastPage, allPages) =>
      lastPage.length < FEED_PAGE_SIZE ? undefined : allPages.length * FEED_PAGE_SIZE,
    staleTime: 60_000,
  });
}

/** A scroll feed: 5 articles per page, `fetchNextPage` appends the next 5. */
export function useNewsFeed(source: NewsSource, enabled = true) {
  return useInfiniteQuery({ ...newsFeedQueryOptions(source), enabled });
}

/** Page `page` (1-based) of a list page: `skip=(page-1)*20&limit=20`. */
export function newsPageQueryOptions(source: NewsSource, page: number) {
  return queryOptions({
    queryKey: [...sourceKey(source), 'page', page] as const,
    queryFn: ({ signal }) =>
      fetchNewsFrom(
        source.path,
        source.params,
        { skip: (page - 1) * LIST_PAGE_SIZE, limit: LIST_PAGE_SIZE },
        signal,
      ),
    staleTime: 60_000,
  });
}

/** One page of a list page (a new page replaces the previous one, spinner first). */
export function useNewsPage(source: NewsSource, page: number) {
  return useQuery(newsPageQueryOptions(source, page));
}
