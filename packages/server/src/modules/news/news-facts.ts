/**
 * What the AI assistant reads of the news (its context): the newest processed articles of each
 * company, the week's market-wide articles and one article with its text, as the assistant
 * contract's NewsFact.
 */
import { newsArticleSchema, type NewsArticle } from '@app/shared/api/news';
import type { NewsFact } from '../../providers/ai/assistant/assistant-provider.ts';
import { BRIEF_PUBLISHER } from '../../providers/news/market-briefs/market-brief-source.ts';
import { newsQuery } from './news-query.ts';
import type { Clock } from '../../clock.ts';
import type { ArticleFactRow, NewsRepository, NewsViewer } from './news.repository.ts';

/** An article as the API shows it, with its publication instant. */
export type DatedArticle = NewsArticle & { date: Date };

/** A market brief's headline, summary and link. */
export type MarketBrief = { title: string; summary: string | null; link: string };

/** An article as the AI assistant reads it (the assistant contract's NewsFact). */
export type ArticleFact = NewsFact;

const integerIn = (value: unknown, min: number, max: number): number | null => {
  const n = typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(n) && n >= min && n <= max ? Math.round(n) : null;
};

/** The stored AI object's figures, each null when absent or out of range. */
function toArticleFact(row: ArticleFactRow): ArticleFact {
  const ai = (typeof row.AI === 'object' && row.AI !== null ? row.AI : {}) as Record<
    string,
    unknown
  >;
  const aiSummary = typeof ai.summary === 'string' ? ai.summary : null;
  return {
    id: row.id,
    title: row.title,
    summary: row.ai_summary ?? aiSummary ?? row.description,
    publisher: row.publisher,
    date: row.creation_date,
    tickers: row.related_exchange_tickers,
    sentiment_score: integerIn(ai.sentiment_score, -10, 10),
    interest_score: integerIn(row.interest_score ?? ai.interest_score, 0, 10),
    defcon_level: integerIn(ai.defcon_level, 1, 5),
    classification: typeof ai.classification === 'string' ? ai.classification : null,
  };
}

/** The assistant's news reads, part of the news service. */
export function createNewsFacts({
  repository,
  clock,
}: {
  repository: NewsRepository;
  clock: Clock;
}) {
  /**
   * The newest processed articles (at most `limit`) about each group of listings, keyed by the
   * group's key, in one query (the AI assistant's context).
   */
  async function recentFacts(
    groups: readonly { key: string; tickers: readonly string[] }[],
    limit: number,
    viewer: NewsViewer,
  ): Promise<Map<string, ArticleFact[]>> {
    const rows = await repository.recentProcessed(groups, limit, viewer, clock.now());
    const byKey = new Map<string, ArticleFact[]>();
    for (const row of rows) {
      const list = byKey.get(row.key) ?? [];
      list.push(toArticleFact(row));
      byKey.set(row.key, list);
    }
    return byKey;
  }

  /** The newest market-wide articles of the last week (the assistant's market context). */
  async function marketFacts(limit: number, viewer: NewsViewer): Promise<ArticleFact[]> {
    const now = clock.now();
    const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
    const rows = await repository.recentMarket(limit, viewer, weekAgo, now);
    return rows.map(toArticleFact);
  }

  /** One article the viewer may see, with its text; undefined otherwise (same visibility rule). */
  async function articleFact(
    id: string,
    viewer: NewsViewer,
  ): Promise<(ArticleFact & { text: string }) | undefined> {
    const row = await repository.findVisibleFact(id, viewer);
    if (!row) return undefined;
    const text = row.articles.join('\n\n').trim() || row.description;
    return { ...toArticleFact(row), text };
  }

  /** The newest public articles mentioning `symbol`, as the API shows them (the Telegram bot). */
  async function companyArticles(symbol: string, limit: number): Promise<DatedArticle[]> {
    const rows = await repository.mentioning(symbol, null, { skip: 0, limit });
    return rows.map((row) => {
      const article = newsArticleSchema.parse(JSON.parse(row.article));
      return { ...article, date: new Date(article.creation_date * 1000) };
    });
  }

  /** The newest market brief the demo or live briefs wrote (the daily channel post). */
  async function latestBrief(): Promise<MarketBrief | undefined> {
    const ast = newsQuery.parse(
      { publisher: BRIEF_PUBLISHER, order_by: '-creation_date', limit: '1' },
      { now: clock.now() },
    );
    const [row] = await repository.query(ast, null);
    if (!row) return undefined;
    const brief = newsArticleSchema.parse(JSON.parse(row.article));
    return brief.title && brief.link
      ? { title: brief.title, summary: brief.ai_summary ?? brief.summary ?? null, link: brief.link }
      : undefined;
  }

  return { recentFacts, marketFacts, articleFact, companyArticles, latestBrief };
}
