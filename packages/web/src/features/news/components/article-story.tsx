import { Anchor, Text } from '@mantine/core';
import type { NewsArticle } from '@app/shared/api/news';
import { newsLink } from '@app/shared/display/slug';
import { Fragment } from 'react';
import { Link } from '../../../components/link';

/** The publisher of our own market briefs: written from quotes, they have no original to read. */
export const MARKET_BRIEF_PUBLISHER = 'Market Brief';

/** Whether the article has an original page worth a 'Read the original' link. */
export function hasOriginal(article: Pick<NewsArticle, 'publisher'>): boolean {
  return article.publisher !== MARKET_BRIEF_PUBLISHER;
}

/**
 * The texts the card shows: the summary, and on the article page the paragraph too unless it
 * already says every sentence of the summary (then the paragraph alone), so no sentence is
 * printed twice.
 */
export function articleTexts(summary: string, paragraph: string, full: boolean): string[] {
  const lead = summary.trim();
  const body = paragraph.trim();
  if (!full || !body || body === lead) return [summary];
  const sentences = lead
    .replace(/…$/, '')
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean);
  return sentences.every((sentence) => body.includes(sentence))
    ? [paragraph]
    : [summary, paragraph];
}

/** 'Also reported by …': the story's other sources (one card per story), each a link. */
export function AlsoReportedBy({ article }: { article: NewsArticle }) {
  const others = article.also_reported_by ?? [];
  if (others.length === 0) return null;
  return (
    <Text size="sm" c="dimmed">
      Also reported by{' '}
      {others.map((other, index) => (
        <Fragment key={other.id}>
          {index > 0 && (index === others.length - 1 ? ' and ' : ', ')}
          <Anchor component={Link} to={newsLink(other.id, other.title)} size="sm">
            {other.publisher || 'another source'}
          </Anchor>
        </Fragment>
      ))}
    </Text>
  );
}
