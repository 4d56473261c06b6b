import type { MarketDataProvider } from '../market-data/market-data-provider.ts';
import { normalizePublisher } from './feed-publishers.ts';
import type { NewsSource } from './news-source.ts';

/** Stories asked for per symbol, and symbols per run (each is one paced request). */
export const YAHOO_NEWS_PER_SYMBOL = 10;
export const YAHOO_NEWS_MAX_SYMBOLS = 20;

/**
 * The market-data provider's news (Yahoo's search `news[]`) for the watched and popular symbols.
 * Stories carry only a title and a link: the full-text step reads the page.
 */
export function createYahooNewsSource(options: {
  news: NonNullable<MarketDataProvider['news']>;
  /** The symbols to ask about, most wanted first. */
  symbols: () => Promise<readonly string[]>;
  /** Business time: a story dated after it is dated now. */
  now: () => Date;
}): NewsSource {
  return {
    name: 'yahoo',
    fullText: true,
    fetch: async () => {
      const symbols = (await options.symbols()).slice(0, YAHOO_NEWS_MAX_SYMBOLS);
      const stories = await options.news(symbols, YAHOO_NEWS_PER_SYMBOL);
      const now = options.now();
      return stories.map((story) => ({
        guid: `yahoo:${story.id}`,
        link: story.link,
        title: story.title.replace(/\s+/g, ' ').trim(),
        description: '',
        content: '',
        publisher: normalizePublisher(story.publisher),
        publishedAt: story.published_at > now ? now : story.published_at,
        sourceTitle: 'Yahoo Finance',
      }));
    },
  };
}
