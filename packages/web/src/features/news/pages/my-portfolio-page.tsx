import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { showInfoToast } from '../../../lib/toast';
import { NewsLoader } from '../components/news-list-states';
import { ScrollFeed } from '../components/news-feed-list';
import { PinnedArticle } from '../components/pinned-article';
import { newsFeedParamsOf } from '../api/news-feed-params';
import type { NewsSource } from '../api/news-feed';
import { useWatchlist } from '../../market';
import { PageTitle } from '../../../components/page-title';

/** Spec §8: the portfolio feed with nothing watched. */
export const EMPTY_PORTFOLIO_MESSAGE =
  "You don't have anything in your portfolio. Search and watch a company.";

/** Explore with its sad "nothing in your portfolio" banner. */
export const EMPTY_PORTFOLIO_PATH = '/company/explore?nothing_here=1';

const PORTFOLIO_SOURCE: NewsSource = { path: '/news/my_portfolio', params: {} };

/**
 * /news/my_portfolio (logged in): the news of the default watchlist's companies, as a scroll feed.
 * The endpoint answers [] both for an empty watchlist and for companies without news, so the page
 * reads the watchlist to tell them apart. With nothing watched it toasts the spec §8 text (so it is
 * still readable after the redirect) and goes to explore, whose banner repeats the first half.
 */
export function MyPortfolioPage() {
  const [searchParams] = useSearchParams();
  const { id } = newsFeedParamsOf(searchParams);
  const watchlist = useWatchlist();
  const empty = watchlist.data?.exchange_tickers.length === 0;

  useEffect(() => {
    if (empty) showInfoToast(EMPTY_PORTFOLIO_MESSAGE, 'Your portfolio is empty');
  }, [empty]);

  if (empty) return <Navigate replace to={EMPTY_PORTFOLIO_PATH} />;
  return (
    <Stack gap="lg">
      <PageTitle title="My portfolio feed">
        The latest news about the companies in your watchlist.
      </PageTitle>
      {id !== null && <PinnedArticle id={id} />}
      {/* A watchlist that failed to load does not hide the feed: the server knows the list. */}
      {watchlist.isPending ? (
        <NewsLoader />
      ) : (
        <ScrollFeed source={PORTFOLIO_SOURCE} excludeId={id} live="enriched" />
      )}
    </Stack>
  );
}
