import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { REFRESH_BATCH, type JobSender } from '../../jobs/job-catalog.ts';
import type {
  MarketDataProvider,
  Quote,
} from '../../providers/market-data/market-data-provider.ts';
import { createPriceHistoryService } from '../prices/price-history.service.ts';
import { createPriceRepository } from '../prices/price.repository.ts';
import { createQuoteRepository } from './quote.repository.ts';
import { createQuoteService } from './quote.service.ts';
import type { Clock } from '../../clock.ts';

/** The market-data services over one database and provider; shared by the API and the jobs. */
export function createMarketServices(deps: {
  db: Database;
  provider: MarketDataProvider;
  log: FastifyBaseLogger;
  jobs: JobSender;
  clock: Clock;
  /** Told of each batch of quotes stored (the live updates of open pages). */
  onQuotesStored?: (quotes: readonly Quote[], at: Date) => Promise<void>;
}) {
  const history = createPriceHistoryService({
    prices: createPriceRepository(deps.db),
    provider: deps.provider,
    clock: deps.clock,
  });
  const quotes = createQuoteService({
    quotes: createQuoteRepository(deps.db),
    history,
    provider: deps.provider,
    log: deps.log,
    clock: deps.clock,
    ...(deps.onQuotesStored && { onStored: deps.onQuotesStored }),
    refreshLater: async (symbols) => {
      for (let start = 0; start < symbols.length; start += REFRESH_BATCH) {
        const batch = symbols.slice(start, start + REFRESH_BATCH);
        await deps.jobs.enqueue('market.refresh-symbols', { symbols: batch });
      }
    },
  });
  return { history, quotes };
}

export type MarketServices = ReturnType<typeof createMarketServices>;
