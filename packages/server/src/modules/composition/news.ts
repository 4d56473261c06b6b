import type { AiProvider } from '../../providers/ai/ai-provider.ts';
import type { GiphyClient } from '../../providers/gif/giphy.ts';
import type { MarketDataProvider } from '../../providers/market-data/market-data-provider.ts';
import { createNewsSources } from '../../providers/news/create-news-sources.ts';
import { createFeedFetcher } from '../../providers/news/feed-fetcher.ts';
import { createNewsSourcesRepository } from '../news-sources/news-sources.repository.ts';
import { createNewsSourcesService } from '../news-sources/news-sources.service.ts';
import { DEFAULT_MAX_PAGE_BYTES } from '../../providers/news/full-text/page-fetch.ts';
import { publishingAnalysedArticles, publishingStoredArticles } from '../live/live-publishers.ts';
import { createFeedCache } from '../news/feed-cache.ts';
import { createLinkerCache } from '../news/linker-cache.ts';
import { createNewsEnrichService } from '../news/news-enrich.service.ts';
import { createFullTextReader } from '../news/news-full-text.ts';
import { createNewsGifRepository } from '../news/news-gif.repository.ts';
import { createNewsGifService } from '../news/news-gif.service.ts';
import { createNewsIngestService } from '../news/news-ingest.service.ts';
import { createNewsTranslateService } from '../news/news-translate.service.ts';
import { createNewsRepository } from '../news/news.repository.ts';
import { createNewsService } from '../news/news.service.ts';
import { createBriefMarketRepository } from '../quotes/brief-market.repository.ts';
import type { MarketGroup } from './market.ts';
import type { CompositionBase, Foundation } from './service-deps.ts';

/**
 * The news: feeds (one feed cache and one linker cache per process), ingest from the configured
 * sources and the managed RSS/Atom feeds, the analyst's enrichment, translation and GIF animations.
 */
export function composeNews(
  deps: CompositionBase &
    Pick<Foundation, 'live' | 'limiter' | 'users'> &
    Pick<MarketGroup, 'market' | 'watchlists'> & {
      marketData: MarketDataProvider;
      ai: AiProvider;
      giphy: GiphyClient | null;
    },
) {
  const { db, config, log, clock, live, ai, market, watchlists } = deps;
  const newsRepository = createNewsRepository(db);
  const feedCache = createFeedCache();
  const linkers = createLinkerCache(newsRepository);
  const enrich = createNewsEnrichService({
    repository: publishingAnalysedArticles(newsRepository, live),
    ai,
    log,
    clock,
  });
  const news = createNewsService({
    repository: newsRepository,
    feedCache,
    linkers,
    enrich,
    limiter: deps.limiter,
    clock,
    watchedSymbols: (userId) => watchlists.symbolsOf(userId),
    hasDebugInterface: deps.users.hasDebugInterface,
    log,
  });
  const newsSources = createNewsSourcesService({
    repository: createNewsSourcesRepository(db),
    fetcher: createFeedFetcher({ timeoutMs: config.newsFetchTimeoutMs }),
    clock,
    seeds: config.newsSources,
    allowPrivateAddresses: config.newsFeedsPrivateAddresses,
    log,
  });
  const ingest = createNewsIngestService({
    repository: publishingStoredArticles(newsRepository, live),
    feeds: newsSources,
    now: () => clock.now(),
    linkers,
    sources: createNewsSources(config, {
      readBriefMarket: createBriefMarketRepository(db).read,
      watchedSymbols: () => market.quotes.watchedSymbols(),
      marketData: deps.marketData,
      log,
      now: () => clock.now(),
    }),
    log,
    fullText: config.newsFullText
      ? {
          read: createFullTextReader({
            timeoutMs: config.newsFetchTimeoutMs,
            maxBytes: DEFAULT_MAX_PAGE_BYTES,
          }),
        }
      : undefined,
  });
  const translate = createNewsTranslateService({ repository: newsRepository, ai, log });
  const gifs = createNewsGifService({
    giphy: deps.giphy,
    cache: createNewsGifRepository(db, clock),
    log,
  });
  return { newsRepository, linkers, enrich, news, ingest, newsSources, translate, gifs };
}

export type NewsGroup = ReturnType<typeof composeNews>;
