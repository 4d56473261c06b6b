import { Stack, Text } from '@mantine/core';
import { useNewsArticle } from '../api/news-article';
import { ArticleCard } from './article-card';
import { NewsError, NewsLoader } from './news-list-states';
import { useNewsFailure } from './use-news-failure';

/** A feed page's `?id=` article, shown above the feed (spec §2 news page parameters). */
export function PinnedArticle({ id }: { id: string }) {
  const query = useNewsArticle(id);
  const failure = useNewsFailure(query.error);
  return (
    <Stack gap={6} component="section" aria-label="Selected article">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        Selected article
      </Text>
      {query.isPending && <NewsLoader label="Loading the article" />}
      {failure !== null && <NewsError message={failure} />}
      {query.data && <ArticleCard article={query.data} />}
    </Stack>
  );
}
