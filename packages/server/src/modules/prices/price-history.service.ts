import { notFound } from '../../http/errors.ts';
import type { MarketDataProvider } from '../../providers/market-data/market-data-provider.ts';
import type { PriceRepository } from './price.repository.ts';
import type { Clock } from '../../clock.ts';
import { addIsoDays, isoDay } from '@app/shared/dates';

/** How far back history is loaded the first time a symbol is seen. */
export const HISTORY_YEARS = 10;

/** Daily history: served from PostgreSQL, backfilled from the provider the first time and when stale. */
export function createPriceHistoryService(deps: {
  prices: PriceRepository;
  provider: MarketDataProvider;
  clock: Clock;
}) {
  const { prices, provider } = deps;
  const now = () => deps.clock.now();
  /**
   * Counts the bar stores of this process per symbol: a cached series built before a store of its
   * symbol is not served after it (stores of other symbols leave it alone).
   */
  const versions = new Map<string, number>();

  /**
   * Loads what the database lacks between the history start and yesterday. A successful fetch
   * marks history as checked through yesterday even when it brought no bars (weekends,
   * holidays), so the provider is asked at most once a day per symbol.
   */
  async function ensureLoaded(
    symbol: string,
    known?: Awaited<ReturnType<PriceRepository['status']>>,
  ): Promise<void> {
    const today = isoDay(now());
    const yesterday = addIsoDays(today, -1);
    const start = addIsoDays(today, -Math.round(HISTORY_YEARS * 365.25));
    const status = known ?? (await prices.status(symbol));
    if (status && status.last_day >= yesterday) return;
    const from = status ? addIsoDays(status.last_day, 1) : start;
    const bars = await provider.getDailyHistory(symbol, from, today);
    const lastBar = bars.at(-1)?.date ?? '';
    try {
      await prices.storeBars(symbol, bars, {
        first: status?.first_day ?? start,
        last: lastBar > yesterday ? lastBar : yesterday,
      });
    } finally {
      versions.set(symbol, (versions.get(symbol) ?? 0) + 1);
    }
  }

  return {
    ensureLoaded,
    /** Bumped whenever this process stores bars of `symbol` (a key part of cached series). */
    versionOf: (symbol: string) => versions.get(symbol) ?? 0,
    async history(symbol: string, from: string, to: string) {
      // A loaded history implies a known listing: one query on the hot path instead of two.
      const status = await prices.status(symbol);
      if (!status && !(await prices.securityExists(symbol))) {
        throw notFound(`Unknown symbol '${symbol}'.`);
      }
      await ensureLoaded(symbol, status);
      return prices.bars(symbol, from, to);
    },
  };
}

export type PriceHistoryService = ReturnType<typeof createPriceHistoryService>;
