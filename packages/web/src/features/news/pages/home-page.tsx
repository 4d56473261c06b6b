import { Stack } from '@mantine/core';
import { HOME_FEED_SIZE, LATEST_AI_FILTERS, useNewsList } from '../api/news-list';
import { ArticleCard } from '../components/article-card';
import { NewsError, NewsLoader, NoNews } from '../components/news-list-states';
import { useNewsFailure } from '../components/use-news-failure';
import { PageTitle } from '../../../components/page-title';

/** /home (spec §2 home news feed): the 20 newest articles with related tickers and an AI summary. */
export function HomePage() {
  const query = useNewsList(LATEST_AI_FILTERS, HOME_FEED_SIZE);
  const failure = useNewsFailure(query.error);
  return (
    <Stack gap="lg">
      <PageTitle title="Hot news">
        The newest market stories, summarised by our AI analyst.
      </PageTitle>
      {query.isPending && <NewsLoader />}
      {failure !== null && <NewsError message={failure} />}
      {query.data?.length === 0 && <NoNews />}
      {query.data?.map((article) => (
        <ArticleCard key={article.id} article={article} />
      ))}
    </Stack>
  );
}
