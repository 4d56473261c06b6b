import { DEFAULT_TICKERS } from '@app/shared/api/market';
import type { AppConfig } from '../../config.ts';
import type { MarketDataProvider } from '../market-data/market-data-provider.ts';
import { createDemoNewsroomSource } from './demo-newsroom/demo-newsroom-source.ts';
import { createEdgarSource } from './edgar/edgar-source.ts';
import { createDemoWireSource } from './feed-source.ts';
import type { BriefMarket } from './market-briefs/brief-market.ts';
import { createMarketBriefSource } from './market-briefs/market-brief-source.ts';
import type { NewsSource } from './news-source.ts';
import { createYahooNewsSource } from './yahoo-news-source.ts';

export type NewsSourcesConfig = Pick<
  AppConfig,
  'newsSources' | 'newsFetchTimeoutMs' | 'edgarBaseUrl' | 'edgarUserAgent' | 'publicUrl'
>;

export type NewsSourcesDeps = {
  /** What the market briefs are written from: the latest trading day's quotes. */
  readBriefMarket: () => Promise<BriefMarket | null>;
  /** The symbols users watch: Yahoo news asks for them first. */
  watchedSymbols: () => Promise<string[]>;
  /** `yahoo` news comes from it when it has a news feed. */
  marketData: MarketDataProvider;
  log: { warn(obj: object, msg: string): void };
  /** Defaults to the global fetch; tests may pass their own. */
  fetch?: typeof fetch;
  /** Business time (the injectable clock): what the demo sources date their stories by. */
  now: () => Date;
};

/**
 * The sources `NEWS_SOURCES` selects: `demo` (the bundled wire, the market briefs and the demo
 * newsroom's company news), `edgar` (SEC EDGAR's current 8-K filings), `yahoo` (the market
 * provider's news; skipped with a warning when the provider has none, i.e. `MARKET_DATA=demo`).
 * Its RSS/Atom feed URLs are not sources here: they seed the managed feeds (news-sources module).
 */
export function createNewsSources(config: NewsSourcesConfig, deps: NewsSourcesDeps): NewsSource[] {
  const timeoutMs = config.newsFetchTimeoutMs;
  const fetchOption = deps.fetch && { fetch: deps.fetch };
  return config.newsSources.flatMap((entry): NewsSource[] => {
    switch (entry) {
      case 'demo':
        return [
          createDemoWireSource({ now: deps.now }),
          createMarketBriefSource({
            readMarket: deps.readBriefMarket,
            publicUrl: config.publicUrl,
            now: deps.now,
          }),
          createDemoNewsroomSource({ publicUrl: config.publicUrl, now: deps.now }),
        ];
      case 'edgar':
        return [
          createEdgarSource({
            baseUrl: config.edgarBaseUrl,
            userAgent: config.edgarUserAgent,
            timeoutMs,
            ...fetchOption,
          }),
        ];
      case 'yahoo': {
        const news = deps.marketData.news?.bind(deps.marketData);
        if (!news) {
          deps.log.warn(
            { source: 'yahoo', marketData: deps.marketData.name },
            'NEWS_SOURCES names yahoo but the market-data provider has no news (set MARKET_DATA=yahoo); skipped',
          );
          return [];
        }
        // What users watch first, then the popular default list.
        const symbols = async () => [
          ...new Set([...(await deps.watchedSymbols()), ...DEFAULT_TICKERS]),
        ];
        return [createYahooNewsSource({ news, symbols, now: deps.now })];
      }
      default:
        // Feed URLs are polled from the news_sources table, which NEWS_SOURCES seeds.
        return [];
    }
  });
}
