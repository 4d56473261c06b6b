import type { NewsAi, NewsArticle } from '@app/shared/api/news';
import { success } from '../../../test/api-stub';
import type { ApiCall } from '../../../test/api-stub';

let counter = 0;

/** The AI analysis of an article, as the API returns it. */
export function makeAi(overrides: Partial<NewsAi> = {}): NewsAi {
  return {
    title: 'Chip maker beats estimates',
    title_clickbait: 'You will not believe these chip numbers',
    summary: 'Revenue rose 20 percent. Margins improved.',
    paragraph: 'The company raised its outlook for the year.',
    classification: 'earnings',
    sentiment: 'positive',
    sentiment_score: 3,
    interest_score: 6,
    article_icon: 'chip',
    gif_keywords: ['chips'],
    defcon_level: 4,
    defcon_outcome: 'positive',
    no_bullshit: 'Revenue up.',
    sources: [
      { index: 0, text: 'Revenue rose 20 percent.' },
      { index: 3, text: 'Margins improved.' },
    ],
    provider: 'offline',
    ...overrides,
  };
}

/** A complete article, as GET /news/query answers it. */
export function makeArticle(
  overrides: Partial<Omit<NewsArticle, 'AI'>> & { AI?: Partial<NewsAi> | null } = {},
): NewsArticle {
  counter += 1;
  const { AI: ai, ...rest } = overrides;
  return {
    id: `news-${String(counter)}`,
    title: 'Original headline',
    source_title: 'Original headline',
    no_bullshit: null,
    link: `https://publisher.example/story/${String(counter)}`,
    publisher: 'Reuters',
    creation_date: Math.floor(Date.now() / 1000) - 3 * 3600,
    summary: null,
    ai_summary: 'Revenue rose 20 percent.',
    articles: [],
    sentiment_score: [3],
    interest_score: 6,
    related_exchange_tickers: ['NASDAQ:AMD'],
    NER: [],
    named_exchange_tickers: {},
    no_comments: 0,
    is_blocked: false,
    experiment: null,
    AI: ai === null ? null : makeAi(ai),
    ...rest,
  };
}

export function newsBody(news: NewsArticle[]) {
  return success({ news });
}

/** `total` articles titled 'Story number N', ids n1…nN. */
export function numberedArticles(total: number): NewsArticle[] {
  return Array.from({ length: total }, (_, index) =>
    makeArticle({
      id: `n${String(index + 1)}`,
      AI: { title: `Story number ${String(index + 1)}` },
    }),
  );
}

/** A fake `/news/query` over `articles` that honours skip and limit. */
export function pagedNewsQuery(articles: readonly NewsArticle[]) {
  return (call: ApiCall) => {
    const skip = Number(call.search.get('skip') ?? 0);
    const limit = Number(call.search.get('limit') ?? 20);
    return { body: newsBody(articles.slice(skip, skip + limit)) };
  };
}
