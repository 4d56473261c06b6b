import type { NewsAi, NewsArticle } from '@app/shared/api/news';
import { newsAiSchema } from '@app/shared/api/news';
import type { NewsRow } from './news.repository.ts';

/** The columns an API article is made of (not the search vector, not the bookkeeping). */
export const API_NEWS_COLUMNS = [
  'id',
  'title',
  'source_title',
  'no_bullshit',
  'link',
  'publisher',
  'creation_date',
  'summary',
  'ai_summary',
  'articles',
  'sentiment_score',
  'interest_score',
  'related_exchange_tickers',
  'NER',
  'is_blocked',
  'experiment',
  'AI',
] as const;

export type ApiNewsRow = Pick<NewsRow, (typeof API_NEWS_COLUMNS)[number]>;

/** A stored AI object, or null when it is missing or not of the current shape. */
function readAi(value: unknown): NewsAi | null {
  const parsed = newsAiSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Spec §3 News article from a row (plus its comment count, computed by the same query). */
export function toApiNews(row: ApiNewsRow & { no_comments?: number }): NewsArticle {
  const named: Record<string, string> = {};
  for (const entity of row.NER) {
    for (const ticker of entity.tickers) named[ticker] ??= entity.name;
  }
  return {
    id: row.id,
    title: row.title,
    source_title: row.source_title,
    no_bullshit: row.no_bullshit,
    link: row.link,
    publisher: row.publisher,
    creation_date: Math.floor(row.creation_date.getTime() / 1000),
    summary: row.summary,
    ai_summary: row.ai_summary,
    articles: row.articles,
    sentiment_score: row.sentiment_score,
    interest_score: row.interest_score,
    related_exchange_tickers: row.related_exchange_tickers,
    NER: row.NER,
    named_exchange_tickers: named,
    no_comments: row.no_comments ?? 0,
    is_blocked: row.is_blocked,
    experiment: row.experiment,
    AI: readAi(row.AI),
  };
}
