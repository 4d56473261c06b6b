import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useSessionStore } from '../../../lib/session-store';
import { useDeferredQuery } from '../use-deferred-search';
import {
  isNewsSearchable,
  NEWS_SEARCH_MIN_LENGTH,
  useNewsSearch,
  ArticleCard,
  NewsError,
  NewsLoader,
  NoNews,
  useNewsFailure,
} from '../../news';

export const SHORT_NEWS_QUERY_HINT = `Type at least ${String(NEWS_SEARCH_MIN_LENGTH)} characters to search the news.`;

/**
 * Spec §2 search page "searches news": the articles matching q (GET /news/search/{q}, best match
 * first), searched 50 ms after q is given like the company search; a shorter q gets a hint
 * instead of a call (the server would answer nothing).
 */
export function NewsResults({ query }: { query: string }) {
  const headingId = useId();
  const deferred = useDeferredQuery(query);
  const searchable = isNewsSearchable(query);
  const news = useNewsSearch(query, searchable && deferred === query);
  const failure = useNewsFailure(news.error);
  const { highlight_search: highlight } = useSessionStore();
  if (query === '') return null;

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        News
      </Title>
      {!searchable && (
        <Text size="sm" c="dimmed">
          {SHORT_NEWS_QUERY_HINT}
        </Text>
      )}
      {searchable && news.isPending && <NewsLoader label="Searching the news" />}
      {failure !== null && <NewsError message={failure} />}
      {news.data?.length === 0 && <NoNews />}
      {news.data?.map((article) => (
        <ArticleCard key={article.id} article={article} headingOrder={3} highlight={highlight} />
      ))}
    </Stack>
  );
}
