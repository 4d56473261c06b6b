import { Stack, Text, Title } from '@mantine/core';
import { useLocation, useParams } from 'react-router';
import { newsFeedFor, useNewsFeed } from '../api/news-feed';
import type { NewsFeed } from '../api/news-feed';
import { ArticleCard } from '../components/article-card';
import { NewsError, NewsLoader, NoNews } from '../components/news-list-states';
import { useLoadMore } from '../components/use-load-more';
import { useNewsFailure } from '../components/use-news-failure';

function FeedList({ feed }: { feed: NewsFeed }) {
  const query = useNewsFeed(feed.filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  const failure = useNewsFailure(query.error);
  const sentinel = useLoadMore(
    () => {
      if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
    },
    query.isSuccess && hasNextPage && !isFetchingNextPage,
    query.data?.pages.length ?? 0,
  );
  const articles = query.data?.pages.flat() ?? [];

  if (query.isPending) return <NewsLoader />;
  return (
    <Stack gap="md">
      {articles.length === 0 && !isError && <NoNews />}
      {articles.map((article) => (
        <ArticleCard key={article.id} article={article} />
      ))}
      {isFetchingNextPage && <NewsLoader label="Loading more news" />}
      {failure !== null && <NewsError message={failure} />}
      {hasNextPage && <div ref={sentinel} data-testid="news-feed-sentinel" />}
    </Stack>
  );
}

/** /news/{latest_ai|latest|bullish|bearish|defcon} and /news/{class|publisher}/{type}. */
export function NewsFeedPage() {
  const { pathname } = useLocation();
  const { type } = useParams();
  const kind = pathname.split('/').filter(Boolean)[1] ?? '';
  const feed = newsFeedFor(kind, type);
  if (feed === null) return <NoNews />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {feed.heading}
        </Title>
        <Text c="dimmed" size="sm">
          {feed.description}
        </Text>
      </div>
      <FeedList key={JSON.stringify(feed.filters)} feed={feed} />
    </Stack>
  );
}
