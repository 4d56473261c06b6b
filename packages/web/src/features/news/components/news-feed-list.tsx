import { BackNextPager } from '../../../components/back-next-pager';
import { Badge, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import type { NewsArticle } from '@app/shared/api/news';
import {
  FEED_PAGE_SIZE,
  LIST_PAGE_SIZE,
  newsFeedQueryOptions,
  useNewsFeed,
  useNewsPage,
} from '../api/news-feed';
import type { NewsSource } from '../api/news-feed';
import { ArticleCard } from './article-card';
import { liveClient, type LiveClient } from '../../../lib/live/live-client';
import { fetchNewsFrom } from '../api/news-list';
import { NewArticlesBar, useNewArticles } from './new-articles-bar';
import { NewsError, NewsLoader, NoNews } from './news-list-states';
import { useLoadMore } from './use-load-more';
import { useNewsFailure } from './use-news-failure';

/** How far down the feed's top an announced article may be and still count as new. */
const PEEK_SIZE = 20;

export interface FeedListOptions {
  /** An article already shown above the feed (`?id=`): left out of the list. */
  excludeId?: string | null;
  /** Label each card with its experiment name (the experiments page). */
  showExperiment?: boolean;
}

function FeedArticle({
  article,
  showExperiment,
}: {
  article: NewsArticle;
  showExperiment: boolean;
}) {
  if (!showExperiment || article.experiment === null) return <ArticleCard article={article} />;
  return (
    <Stack gap={6}>
      <Badge variant="light" color="grape" radius="sm" tt="none">
        Experiment: {article.experiment}
      </Badge>
      <ArticleCard article={article} />
    </Stack>
  );
}

/**
 * The cards, redrawn only when the articles or options change: the live bar's state (each
 * announcement, each read of the feed's top) re-renders the feed, and redrawing every card each
 * time kept a phone's main thread busy through a burst of news (Lighthouse mobile on a fresh
 * start: 20 long tasks of 200–450 ms, total blocking time 18.5 s).
 */
const Articles = memo(function Articles({
  articles,
  excludeId,
  showExperiment = false,
}: { articles: NewsArticle[] } & FeedListOptions) {
  return articles
    .filter((article) => article.id !== excludeId)
    .map((article) => (
      <FeedArticle key={article.id} article={article} showExperiment={showExperiment} />
    ));
});

/**
 * Spec §4 scroll feed: 5 articles, and 5 more each time the bottom comes within 300 px. With
 * `live`, articles announced by the live stream at that stage show a 'N new articles' bar;
 * the list changes only when it is clicked.
 */
export function ScrollFeed({
  source,
  live,
  client = liveClient,
  ...options
}: {
  source: NewsSource;
  live?: 'ingested' | 'enriched' | undefined;
  client?: LiveClient;
} & FeedListOptions) {
  const query = useNewsFeed(source);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  const failure = useNewsFailure(query.error);
  const articles = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);
  // The cards are drawn as a transition: React renders a new page's cards in slices the browser
  // can answer input between, where drawing them with the answer took one task (70–140 ms at a
  // phone's CPU for five cards). Until they are drawn the list shows its loader and asks for no
  // further page, so a sentinel still in view does not fetch a second page at once.
  const drawn = useDeferredValue(articles);
  const drawing = drawn !== articles;
  const sentinel = useLoadMore(
    () => {
      if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
    },
    query.isSuccess && hasNextPage && !isFetchingNextPage && !drawing,
    query.data?.pages.length ?? 0,
  );
  const shown = useMemo(() => new Set(articles.map((article) => article.id)), [articles]);
  const queryClient = useQueryClient();
  const peeked = useRef<NewsArticle[]>([]);
  const fresh = useNewArticles(live, shown, client, async () => {
    peeked.current = await fetchNewsFrom(source.path, source.params, { skip: 0, limit: PEEK_SIZE });
    return peeked.current.map((article) => article.id);
  });
  const showNew = () => {
    fresh.clear();
    // The feed's top as just read (a refetch could meet the server's few-second feed cache).
    const top = peeked.current;
    if (top.length > 0) {
      const pages: NewsArticle[][] = [];
      for (let skip = 0; skip < top.length; skip += FEED_PAGE_SIZE) {
        pages.push(top.slice(skip, skip + FEED_PAGE_SIZE));
      }
      queryClient.setQueryData(newsFeedQueryOptions(source).queryKey, {
        pages,
        pageParams: pages.map((_, index) => index * FEED_PAGE_SIZE),
      });
    } else void query.refetch();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  // An empty feed (a fresh start whose first articles are still being analysed) has nothing to
  // keep in place: announced articles show at once instead of behind the bar.
  const showNewRef = useRef(showNew);
  useEffect(() => {
    showNewRef.current = showNew;
  });
  const empty = query.isSuccess && articles.length === 0;
  useEffect(() => {
    if (empty && fresh.count > 0) showNewRef.current();
  }, [empty, fresh.count]);

  if (query.isPending) return <NewsLoader />;
  return (
    <Stack gap="md">
      <NewArticlesBar count={fresh.count} onShow={showNew} />
      {articles.length === 0 && !isError && <NoNews />}
      <Articles articles={drawn} {...options} />
      {(isFetchingNextPage || drawing) && <NewsLoader label="Loading more news" />}
      {failure !== null && <NewsError message={failure} />}
      {hasNextPage && <div ref={sentinel} data-testid="news-feed-sentinel" />}
    </Stack>
  );
}

export interface PagedFeedProps extends FeedListOptions {
  source: NewsSource;
  /** 1-based. */
  page: number;
  onPage: (page: number) => void;
}

/**
 * Spec §4 pagination-mode feed: 20 articles a page; Back and Next replace the page. A page
 * shorter than 20 is the last one.
 */
export function PagedFeed({ source, page, onPage, ...options }: PagedFeedProps) {
  const query = useNewsPage(source, page);
  const failure = useNewsFailure(query.error);
  const articles = query.data ?? [];
  const loading = query.isPending;
  const hasNext = articles.length === LIST_PAGE_SIZE;

  return (
    <Stack gap="md">
      {loading && <NewsLoader />}
      {!loading && articles.length === 0 && !query.isError && <NoNews />}
      <Articles articles={articles} {...options} />
      {failure !== null && <NewsError message={failure} />}
      <BackNextPager page={page} hasNext={hasNext} onPage={onPage} label="News pages" />
    </Stack>
  );
}
