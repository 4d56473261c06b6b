import { SentimentBadge } from '../../../components/sentiment-badge';
import { Anchor, Badge, Card, Checkbox, Group, Highlight, Stack, Text, Title } from '@mantine/core';
import type { TitleOrder } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import type { NewsArticle } from '@app/shared/api/news';
import { newsLink } from '@app/shared/display/slug';
import { timeAgo } from '@app/shared/display/timeago';
import { displayTitle } from '@app/shared/display/title';
import { useCallback, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Location } from 'react-router';
import { SharePanel } from '../../../components/share/share-panel';
import { absoluteSiteUrl } from '../../../lib/site-url';
import { clockNow, useDisplayClock } from '../../../lib/hydration';
import { useSetNewsBlocked } from '../api/news-set-blocked';
import { ArticleDebug } from './article-debug';
import { ArticlePanelButtons, articlePanelId, useArticlePanel } from './article-panels';
import { ArticleAnimation } from './article-animation';
import { ArticleCardStars } from './article-card-stars';
import { ArticleIcon } from './article-icon';
import { ArticleText } from './article-text';
import { AlsoReportedBy, articleTexts, hasOriginal } from './article-story';
import classes from './article-card.module.css';
import { CommentsPanel, ReportPanel } from '../../comments';
import { useCurrentUser, useViewer } from '../../users';

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
function sentimentScore(article: NewsArticle): number | undefined {
  return article.AI?.sentiment_score ?? article.sentiment_score[0];
}

function DefconIcon({ level }: { level: number }) {
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
function useCommentCount(noComments: number) {
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
function CardTime({ creationDate, estimated }: { creationDate: number; estimated: boolean }) {
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

/** The share panel of a card; reads the location only while open (a navigation redraws it alone). */
function CardSharePanel({
  articleId,
  ...props
}: { articleId: string } & Omit<Parameters<typeof SharePanel>[0], 'isCurrentPage'>) {
  const location = useLocation();
  return <SharePanel {...props} isCurrentPage={isArticlePage(articleId, location)} />;
}

/** The words of a search worth marking: two characters or more. */
export function searchWords(query: string): string[] {
  return query.split(/\s+/).filter((word) => word.length >= 2);
}

/** Spec §4 article card: title, source, sentiment, tickers and the AI analysis of one article. */
export function ArticleCard({
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
      className={`${classes.card} ${hidden ? classes.hidden : ''}`}
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
                <Highlight component="span" inherit highlight={searchWords(highlight)}>
                  {title}
                </Highlight>
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
            <Checkbox
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
}
