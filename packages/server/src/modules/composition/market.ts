import type { MarketDataProvider } from '../../providers/market-data/market-data-provider.ts';
import type { LiveBus } from '../live/live-bus.ts';
import { createPortfolioNotices } from '../portfolio/portfolio-notices.ts';
import { createPortfolioRepository } from '../portfolio/portfolio.repository.ts';
import { createPortfolioService } from '../portfolio/portfolio.service.ts';
import { createMarketServices } from '../quotes/market-services.ts';
import { createWatchlistCache } from '../watchlists/watchlist-cache.ts';
import { createWatchlistRepository } from '../watchlists/watchlist.repository.ts';
import { createWatchlistService } from '../watchlists/watchlist.service.ts';
import type { CompositionBase } from './service-deps.ts';

/** Quotes, prices and financials, the users' watchlists and their portfolios. */
export function composeMarket(
  deps: CompositionBase & { marketData: MarketDataProvider; live: LiveBus },
) {
  const { db, hub, config, log, clock, jobs, live } = deps;
  const market = createMarketServices({
    db,
    provider: deps.marketData,
    log,
    jobs,
    clock,
    onQuotesStored: (quotes, at) => live.publishQuotes(quotes, at),
  });
  // Users' lists kept in memory, dropped on the database's notices (my_portfolio).
  const watchlistCache = config.watchlistCache ? createWatchlistCache({ hub }) : undefined;
  const watchlists = createWatchlistService({
    watchlists: createWatchlistRepository(db),
    symbolExists: async (symbol) => (await market.quotes.existing([symbol])).length > 0,
    ...(watchlistCache && { cache: watchlistCache }),
  });
  // Unchanged snapshots answered from memory, dropped on the database's notices.
  const portfolioNotices = config.portfolioCache ? createPortfolioNotices({ hub }) : undefined;
  const portfolio = createPortfolioService({
    repository: createPortfolioRepository(db),
    notices: portfolioNotices,
    clock,
    benchmarkSymbol: config.portfolioBenchmark,
    loadHistory: (symbols) => market.quotes.ensureHistory(symbols),
  });
  return { market, watchlistCache, watchlists, portfolioNotices, portfolio };
}

export type MarketGroup = ReturnType<typeof composeMarket>;
