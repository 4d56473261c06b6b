import { Stack } from '@mantine/core';
import { PlainAlert } from '../../../components/plain-alert';
import { useSearchParams } from 'react-router';
import { ArticleQuestions } from '../../assistant';
import { NEWS_NOT_FOUND_MESSAGE, useNewsArticle } from '../api/news-article';
import { ArticleCard } from '../components/article-card';
import { NewsError, NewsLoader } from '../components/news-list-states';
import { useNewsFailure } from '../components/use-news-failure';

/** /news/view?id= (spec §2): one article with its full AI analysis and the Q&A chat panel. */
export function NewsViewPage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  const query = useNewsArticle(id);
  const failure = useNewsFailure(query.error);

  if (!id) {
    return (
      <PlainAlert color="yellow" role="alert">
        {NEWS_NOT_FOUND_MESSAGE}
      </PlainAlert>
    );
  }
  return (
    <Stack gap="lg">
      {query.isPending && <NewsLoader label="Loading the article" />}
      {failure !== null && <NewsError message={failure} />}
      {query.data && <ArticleCard article={query.data} headingOrder={1} full />}
      {query.data && <ArticleQuestions articleId={query.data.id} />}
    </Stack>
  );
}
