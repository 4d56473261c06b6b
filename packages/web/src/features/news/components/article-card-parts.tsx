import { Text } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle } from '@tabler/icons-react';
import type { NewsArticle } from '@app/shared/api/news';
import { timeAgo } from '@app/shared/display/timeago';
import { useCallback, useState } from 'react';
import type { Location } from 'react-router';
import { clockNow, useDisplayClock } from '../../../lib/hydration';

/* The article card's smaller parts and rules: its defcon icon, time line and counts. */

/** Spec §9: defcon icons only for levels below 3 on articles with at most 3 related tickers. */
export const DEFCON_ICON_MAX_TICKERS = 3;

/** The defcon level to show as an icon, or null. */
export function defconIconLevel(article: NewsArticle): number | null {
  const level = article.AI?.defcon_level;
  if (level === undefined || level >= 3) return null;
  if (article.related_exchange_tickers.length > DEFCON_ICON_MAX_TICKERS) return null;
  return level;
}

/** The title to show before the §5 rules: the clickbait variant only for `my_clickbait` users. */
export function chooseTitle(article: NewsArticle, clickbait: boolean): string {
  const ai = article.AI;
  if (clickbait && ai?.title_clickbait) return ai.title_clickbait;
  return ai?.title || article.title;
}

/** The article's sentiment score: the analyst's, else the first of the stored list. */
export function sentimentScore(article: NewsArticle): number | undefined {
  return article.AI?.sentiment_score ?? article.sentiment_score[0];
}

export function DefconIcon({ level }: { level: number }) {
  const Icon = level === 1 ? IconAlertOctagon : IconAlertTriangle;
  const label = `Defcon ${String(level)} alert`;
  return (
    <Icon
      size={20}
      color={`var(--mantine-color-${level === 1 ? 'red' : 'orange'}-filled)`}
      role="img"
      aria-label={label}
    >
      <title>{label}</title>
    </Icon>
  );
}

/** Whether `location` shows this article already (its /n/ link or /news/view?id=). */
export function isArticlePage(articleId: string, location: Pick<Location, 'pathname' | 'search'>) {
  if (location.pathname === `/n/${encodeURIComponent(articleId)}`) return true;
  return (
    location.pathname === '/news/view' &&
    new URLSearchParams(location.search).get('id') === articleId
  );
}

/**
 * The comments count of the card: the article's `no_comments` plus what this card added or
 * deleted since, until a reload brings a new `no_comments`.
 */
export function useCommentCount(noComments: number) {
  const [change, setChange] = useState({ base: noComments, delta: 0 });
  const delta = change.base === noComments ? change.delta : 0;
  const onCountChange = useCallback(
    (step: number) =>
      setChange((current) => ({
        base: noComments,
        delta: (current.base === noComments ? current.delta : 0) + step,
      })),
    [noComments],
  );
  return { count: Math.max(0, noComments + delta), onCountChange };
}

/**
 * When the article was published, 'x minutes ago' ('first seen x minutes ago' when its source gave
 * no usable date): from the instant the server drew it while its
 * first screen is hydrated, then the visitor's clock. Its own component, so that switch after
 * hydration (a transition in every card) draws this line again, not the whole card with its
 * markdown.
 */
export function CardTime({
  creationDate,
  estimated,
}: {
  creationDate: number;
  estimated: boolean;
}) {
  const clock = useDisplayClock();
  return (
    <Text
      size="sm"
      c="dimmed"
      component="time"
      dateTime={new Date(creationDate * 1000).toISOString()}
      title={estimated ? 'The source gave no date: this is when it was first seen.' : undefined}
    >
      {estimated && 'first seen '}
      {timeAgo(creationDate, clockNow(clock))}
    </Text>
  );
}
