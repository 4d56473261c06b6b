import { createMarketCalendarSource } from '../../providers/market-calendar/market-calendar-source.ts';
import type { MarketDataProvider } from '../../providers/market-data/market-data-provider.ts';
import { createMarketCalendarCache } from '../market-calendar/market-calendar-cache.ts';
import { createMarketCalendarRepository } from '../market-calendar/market-calendar.repository.ts';
import { createMarketCalendarService } from '../market-calendar/market-calendar.service.ts';
import type { MarketGroup } from './market.ts';
import type { NewsGroup } from './news.ts';
import type { CompositionBase } from './service-deps.ts';

/** The market calendar: stored corporate events of every listing, from the market data's source. */
export function composeMarketCalendar(
  deps: Pick<CompositionBase, 'db' | 'hub' | 'clock' | 'config'> &
    Pick<MarketGroup, 'market' | 'watchlists' | 'portfolio'> &
    Pick<NewsGroup, 'news'> & { marketData: MarketDataProvider },
) {
  const { market, portfolio, watchlists, news } = deps;
  return createMarketCalendarService({
    repository: createMarketCalendarRepository(deps.db),
    source: createMarketCalendarSource(deps.marketData),
    listings: () => market.quotes.allSymbols(),
    heldSymbols: (userId) => portfolio.heldSymbols(userId),
    watchedSymbols: (userId) => watchlists.symbolsOf(userId),
    stories: (symbols, from, to, limit) => news.eventStories(symbols, from, to, limit),
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    // The whole market's weeks and the public answers, kept until the refresh's notice.
    ...(deps.config.marketCalendarCache && { cache: createMarketCalendarCache({ hub: deps.hub }) }),
  });
}
