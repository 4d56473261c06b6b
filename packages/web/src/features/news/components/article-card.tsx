import { SentimentBadge } from '../../../components/sentiment-badge';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TitleOrder } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { NewsArticle } from '@app/shared/api/news';
import { newsLink } from '@app/shared/display/slug';
import { displayTitle } from '@app/shared/display/title';
import { memo, useId, useState } from 'react';
import { Link } from '../../../components/link';
import { absoluteSiteUrl } from '../../../lib/site-url';
import { useSetNewsBlocked } from '../api/news-set-blocked';
import { ArticlePanelButtons, articlePanelId, useArticlePanel } from './article-panels';
import { ArticleAnimation } from './article-animation';
import { ArticleCardStars } from './article-card-stars';
import { ArticleIcon } from './article-icon';
import { SearchHighlight } from './search-highlight';
import { ArticleText } from './article-text';
import { AlsoReportedBy, articleTexts, hasOriginal } from './article-story';
import classes from './article-card.module.css';
import {
  CardTime,
  chooseTitle,
  DefconIcon,
  defconIconLevel,
  sentimentScore,
  useCommentCount,
} from './article-card-parts';
import {
  AdminCheckbox,
  ArticleDebug,
  CardSharePanel,
  CommentsPanel,
  ReportPanel,
} from './article-card-lazy';
import { useCurrentUser, useViewer } from '../../users';

/** The words of a search worth marking: two characters or more. */
export function searchWords(query: string): string[] {
  return query.split(/\s+/).filter((word) => word.length >= 2);
}

/**
 * Spec §4 article card: title, source, sentiment, tickers and the AI analysis of one article.
 * Memoised: a feed that grows as the reader scrolls gives the cards already shown the same
 * article objects (the query keeps unchanged data), so a new page draws only its own cards
 * (40 cards shown, 5 more: a 300 ms task at 4× CPU when every card was drawn again).
 */
export const ArticleCard = memo(function ArticleCard({
  article,
  headingOrder = 2,
  full = false,
  highlight = '',
}: {
  article: NewsArticle;
  headingOrder?: TitleOrder;
  /** Search words to mark in the title (spec §3 session store's highlight_search). */
  highlight?: string;
  /** The article page: the full analysis (summary and paragraph) instead of the summary. */
  full?: boolean;
}) {
  const cardId = useId();
  const headingId = `${cardId}-title`;
  const { user } = useCurrentUser({ enabled: false });
  const viewer = useViewer();
  const [hidden, setHidden] = useState(article.is_blocked);
  const setBlocked = useSetNewsBlocked(setHidden);
  const { openPanel, toggle, close } = useArticlePanel();
  const comments = useCommentCount(article.no_comments);

  const rawTitle = chooseTitle(article, user?.my_clickbait ?? false);
  const title = displayTitle(rawTitle);
  const score = sentimentScore(article);
  const defcon = defconIconLevel(article);
  const ai = article.AI;
  const summary = ai?.summary || article.ai_summary || article.summary || '';
  const paragraph = ai?.paragraph ?? '';
  // The paragraph often repeats the summary: show it only when it adds text, alone when it
  // already holds every sentence of the summary.
  const texts = articleTexts(summary, paragraph, full);
  const articlePath = newsLink(article.id, rawTitle);
  const interest = article.interest_score ?? ai?.interest_score ?? null;
  // The analyst's no-nonsense line (spec §3 no_bullshit), on the article or in its AI object.
  const plainEnglish = (article.no_bullshit ?? ai?.no_bullshit ?? '').trim();

  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      padding="lg"
      aria-labelledby={headingId}
      className={`${classes.card} ${full ? '' : classes.listed} ${hidden ? classes.hidden : ''}`}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {defcon !== null && <DefconIcon level={defcon} />}
          {ai?.article_icon && (
            <ArticleIcon name={ai.article_icon} label={ai.classification || 'Article'} />
          )}
          <Title order={headingOrder} size="h4" id={headingId} className={classes.title}>
            <Anchor
              component={Link}
              to={articlePath}
              className={classes.titleLink}
              // The marks split the title's text: its name stays the whole title.
              aria-label={highlight.trim() === '' ? undefined : title}
            >
              {highlight.trim() === '' ? (
                title
              ) : (
                <SearchHighlight words={searchWords(highlight)}>{title}</SearchHighlight>
              )}
            </Anchor>
          </Title>
        </Group>
        <Group gap="xs" className={classes.meta}>
          <Text size="sm" fw={600}>
            {article.publisher}
          </Text>
          <CardTime
            creationDate={article.creation_date}
            estimated={article.date_estimated ?? false}
          />
          {score !== undefined && (
            <SentimentBadge score={score} confidence={article.AI?.sentiment_confidence ?? null} />
          )}
          {interest !== null && <ArticleCardStars score={interest} />}
          {hidden && (
            <Badge color="gray" variant="outline">
              Hidden
            </Badge>
          )}
        </Group>
        {article.related_exchange_tickers.length > 0 && (
          <Group gap={6} component="ul" aria-label="Related tickers" className={classes.tickers}>
            {article.related_exchange_tickers.map((symbol) => (
              <li key={symbol}>
                <Badge
                  component={Link}
                  to={`/ticker/${symbol}`}
                  variant="outline"
                  radius="sm"
                  className={classes.ticker}
                >
                  {symbol}
                </Badge>
              </li>
            ))}
          </Group>
        )}
        {plainEnglish && (
          <Text size="sm" className={classes.plainEnglish}>
            <Text span fw={700} size="sm">
              In plain English:{' '}
            </Text>
            {plainEnglish}
          </Text>
        )}
        {full && <ArticleAnimation keywords={ai?.gif_keywords} />}
        <ArticleText cardId={cardId} texts={texts} sources={ai?.sources ?? []} />
        <AlsoReportedBy article={article} />
        {full && ai && (ai.classification || ai.defcon_outcome) && (
          <Text size="sm" c="dimmed">
            {ai.classification && `Classification: ${ai.classification}. `}
            {`Defcon level ${String(ai.defcon_level)}`}
            {ai.defcon_outcome && ` (${ai.defcon_outcome})`}.
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap="sm" className={classes.actions}>
            {hasOriginal(article) && (
              <Anchor href={article.link} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} component="span" wrap="nowrap">
                  Read the original
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            )}
            <ArticlePanelButtons
              cardId={cardId}
              openPanel={openPanel}
              onToggle={toggle}
              commentCount={comments.count}
            />
          </Group>
          {viewer.isAdmin && (
            <AdminCheckbox
              label="Hide"
              checked={hidden}
              disabled={setBlocked.isPending}
              onChange={(event) =>
                setBlocked.mutate({ id: article.id, value: event.currentTarget.checked })
              }
            />
          )}
        </Group>
        {openPanel === 'comments' && (
          <CommentsPanel
            id={articlePanelId(cardId, 'comments')}
            articleId={article.id}
            articlePath={articlePath}
            onCountChange={comments.onCountChange}
          />
        )}
        {openPanel === 'share' && (
          <CardSharePanel
            id={articlePanelId(cardId, 'share')}
            url={absoluteSiteUrl(articlePath, window.location.origin)}
            title={title}
            articleId={article.id}
          />
        )}
        {openPanel === 'report' && (
          <ReportPanel
            id={articlePanelId(cardId, 'report')}
            articleId={article.id}
            articlePath={articlePath}
            onDone={close}
          />
        )}
        {viewer.debug && <ArticleDebug articleId={article.id} cardId={cardId} />}
      </Stack>
    </Card>
  );
});
