import { SentimentBadge } from '../../../components/sentiment-badge';
import { Anchor, Button, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import type { NewsArticle } from '@app/shared/api/news';
import { newsLink } from '@app/shared/display/slug';
import { displayTitle } from '@app/shared/display/title';
import { useId } from 'react';
import { Link } from '../../../components/link';
import { useNewsFeed } from '../api/news-feed';
import type { NewsSource } from '../api/news-feed';
import { formatTime } from '@app/shared/display/dates';
import { timelineDays } from '../timeline-days';
import { NewsError, NewsLoader, NoNews } from './news-list-states';
import { useLoadMore } from './use-load-more';
import { useNewsFailure } from './use-news-failure';
import { symbolSegment } from '../../../lib/ticker-path';
import { useDisplayClock } from '../../../lib/hydration';
import { SectionCard } from '../../../components/section-card';

/** GET /news/company/{symbol}: the news linked to one listing, newest first. */
export function companyNewsSource(symbol: string): NewsSource {
  return { path: `/news/company/${symbolSegment(symbol)}`, params: {} };
}

function TimelineEntry({ article, timeZone }: { article: NewsArticle; timeZone?: string }) {
  const rawTitle = article.AI?.title || article.title;
  const score = article.AI?.sentiment_score ?? article.sentiment_score[0];
  const classification = article.AI?.classification;
  return (
    <Stack gap={4} component="article" aria-label={displayTitle(rawTitle)}>
      <Text
        size="xs"
        c="dimmed"
        component="time"
        dateTime={new Date(article.creation_date * 1000).toISOString()}
      >
        {formatTime(article.creation_date, timeZone)}
      </Text>
      <Anchor component={Link} to={newsLink(article.id, rawTitle)} fw={600} size="sm">
        {displayTitle(rawTitle)}
      </Anchor>
      <Group gap="xs">
        {score !== undefined && <SentimentBadge score={score} size="sm" />}
        {classification && (
          <Text size="xs" c="dimmed">
            {classification}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Spec §2 company page "news timeline": the company's news grouped by day, newest first, 5 at a
 * time; more load when the end scrolls into view or on 'Load more'.
 */
export function CompanyNewsTimeline({ symbol }: { symbol: string }) {
  const query = useNewsFeed(companyNewsSource(symbol));
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  const failure = useNewsFailure(query.error);
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  };
  const sentinel = useLoadMore(
    loadMore,
    query.isSuccess && hasNextPage && !isFetchingNextPage,
    query.data?.pages.length ?? 0,
  );
  // In UTC while the server's first screen is hydrated, then in the reader's zone.
  const { timeZone } = useDisplayClock();
  const days = timelineDays(query.data?.pages.flat() ?? [], timeZone);
  const headingId = useId();

  return (
    <SectionCard labelledBy={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          News timeline
        </Title>
        {query.isPending && <NewsLoader />}
        {query.isSuccess && days.length === 0 && <NoNews />}
        {days.map((day) => (
          <Stack gap="xs" key={day.day} component="section" aria-label={day.label}>
            <Title order={3} size="h6" c="dimmed">
              {day.label}
            </Title>
            <Timeline bulletSize={12} lineWidth={2} active={-1}>
              {day.articles.map((article) => (
                <Timeline.Item key={article.id}>
                  <TimelineEntry article={article} timeZone={timeZone} />
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
        ))}
        {failure !== null && <NewsError message={failure} />}
        {hasNextPage && (
          <div ref={sentinel}>
            <Button variant="default" loading={isFetchingNextPage} onClick={loadMore} fullWidth>
              Load more
            </Button>
          </div>
        )}
      </Stack>
    </SectionCard>
  );
}
