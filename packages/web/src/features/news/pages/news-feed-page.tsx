import { Stack } from '@mantine/core';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { newsFeedFor, querySource } from '../api/news-feed';
import type { NewsFeed } from '../api/news-feed';
import { feedFiltersWith, newsFeedParamsOf } from '../api/news-feed-params';
import { NoNews } from '../components/news-list-states';
import { PagedFeed, ScrollFeed } from '../components/news-feed-list';
import { PinnedArticle } from '../components/pinned-article';
import { PageTitle } from '../../../components/page-title';

function FeedBody({ feed }: { feed: NewsFeed }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = newsFeedParamsOf(searchParams);
  const filters = feedFiltersWith(feed.filters, params);
  const source = querySource(filters);
  const key = JSON.stringify(filters);
  const goToPage = (page: number) => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (page <= 1) next.delete('page');
      else next.set('page', String(page));
      return next;
    });
    window.scrollTo({ top: 0 });
  };
  return (
    <Stack gap="md">
      {params.id !== null && <PinnedArticle id={params.id} />}
      {feed.mode === 'pages' ? (
        <PagedFeed
          key={key}
          source={source}
          page={params.page}
          onPage={goToPage}
          excludeId={params.id}
        />
      ) : (
        <ScrollFeed key={key} source={source} excludeId={params.id} live={feed.live} />
      )}
    </Stack>
  );
}

/**
 * /news/{latest_ai|latest|bullish|bearish|defcon} and /news/{class|publisher}/{type}, each
 * reading ?id=, ?symbol=, ?experiment= (and ?page= on the list pages).
 */
export function NewsFeedPage() {
  const { pathname } = useLocation();
  const { type } = useParams();
  const kind = pathname.split('/').filter(Boolean)[1] ?? '';
  const feed = newsFeedFor(kind, type);
  if (feed === null) return <NoNews />;
  return (
    <Stack gap="lg">
      <PageTitle title={feed.heading}>{feed.description}</PageTitle>
      <FeedBody feed={feed} />
    </Stack>
  );
}
