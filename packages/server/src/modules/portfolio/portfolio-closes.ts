import { LRUCache } from 'lru-cache';
import type { PriceSeries } from './performance.ts';
import type { PortfolioRepository } from './portfolio.repository.ts';

/** Listings whose closes stay in memory (ten years of one listing take about 60 KB). */
const CACHED_LISTINGS = 2_000;

/**
 * Stored closes per listing, kept in memory while the listing's stored history is unchanged: a
 * snapshot asks only when each history last changed (one small query) and reads the bars of the
 * listings whose history moved since.
 */
export function createClosesCache(
  repository: Pick<PortfolioRepository, 'historyStamps' | 'closes'>,
) {
  const cache = new LRUCache<string, { stamp: string; series: PriceSeries }>({
    max: CACHED_LISTINGS,
  });
  return {
    /** `stamps`: the listings' history stamps when already read (else they are read here). */
    async closes(
      symbols: readonly string[],
      known?: ReadonlyMap<string, string>,
    ): Promise<Map<string, PriceSeries>> {
      const stamps = known ?? (await repository.historyStamps(symbols));
      const result = new Map<string, PriceSeries>();
      const missing: string[] = [];
      for (const symbol of symbols) {
        const stamp = stamps.get(symbol);
        const hit = cache.get(symbol);
        if (stamp !== undefined && hit?.stamp === stamp) result.set(symbol, hit.series);
        else missing.push(symbol);
      }
      const loaded = await repository.closes(missing);
      for (const symbol of missing) {
        const series = loaded.get(symbol) ?? { days: [], closes: [] };
        const stamp = stamps.get(symbol);
        if (stamp !== undefined) cache.set(symbol, { stamp, series });
        result.set(symbol, series);
      }
      return result;
    },
  };
}
