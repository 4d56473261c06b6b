import { Stack } from '@mantine/core';
import { useDeferredValue } from 'react';
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
  // The article (its analysis, the questions box) is drawn in a transition, which React renders
  // in slices, when its answer arrives after a navigation in the app: drawn with the answer, it
  // was one long task on a phone. Only the article of the answer is drawn (not the previous one
  // while the next catches up). The server's first screen already has it, so hydration draws it.
  const deferred = useDeferredValue(query.data);
  const article = deferred !== undefined && deferred === query.data ? deferred : undefined;

  if (!id) {
    return (
      <PlainAlert color="yellow" role="alert">
        {NEWS_NOT_FOUND_MESSAGE}
      </PlainAlert>
    );
  }
  return (
    <Stack gap="lg">
      {(query.isPending || (query.data !== undefined && article === undefined)) && (
        <NewsLoader label="Loading the article" />
      )}
      {failure !== null && <NewsError message={failure} />}
      {article && <ArticleCard article={article} headingOrder={1} full />}
      {article && <ArticleQuestions articleId={article.id} />}
    </Stack>
  );
}
