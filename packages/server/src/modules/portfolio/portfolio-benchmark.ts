import { chainReturns, type IndexSeries } from './returns.ts';
import type { PortfolioRepository } from './portfolio.repository.ts';

export type Benchmark = { name: string; symbol: string | null; index: IndexSeries };

/** Listings whose bars one statement of the universe reads (ten years of 100 are 250,000 bars). */
const UNIVERSE_BATCH = 100;

/** While the set of listings stays the same, new bars refresh the universe at most this often. */
const REFRESH_MS = 60_000;

/**
 * The benchmark index: the equal-weighted universe (each day the mean close-to-close return of
 * every listing with bars that day and the day before, chained from 100), or the listing
 * `PORTFOLIO_BENCHMARK` names. The universe reads every stored bar, so it is computed once and
 * kept until the stored history changes; a snapshot then only asks whether it has.
 */
export function createBenchmark(deps: {
  repository: Pick<
    PortfolioRepository,
    'historyFingerprint' | 'universeListings' | 'universeDailyReturnSums' | 'closes' | 'listings'
  >;
  loadHistory: (symbols: readonly string[]) => Promise<void>;
  symbol?: string | undefined;
}) {
  let cached: { key: string; listings: number; at: number; value: Benchmark } | null = null;
  let running: Promise<Benchmark> | null = null;

  async function compute(): Promise<Benchmark> {
    if (deps.symbol) {
      const symbol = deps.symbol;
      await deps.loadHistory([symbol]);
      const [listing] = await deps.repository.listings([symbol]);
      const series = (await deps.repository.closes([symbol])).get(symbol);
      const days = series?.days.slice(1) ?? [];
      const returns = days.map((_, i) => {
        const before = series?.closes[i] ?? 0;
        return before > 0 ? (series?.closes[i + 1] ?? before) / before - 1 : 0;
      });
      return {
        name: listing?.company_name ?? symbol,
        symbol,
        index: chainReturns(days, returns),
      };
    }
    // Per day the sum and count over every batch of listings, then the mean.
    const listings = await deps.repository.universeListings();
    const byDay = new Map<string, { sum: number; n: number }>();
    for (let i = 0; i < listings.length; i += UNIVERSE_BATCH) {
      const rows = await deps.repository.universeDailyReturnSums(
        listings.slice(i, i + UNIVERSE_BATCH),
      );
      for (const { day, sum, n } of rows) {
        const total = byDay.get(day);
        if (total) {
          total.sum += sum;
          total.n += n;
        } else byDay.set(day, { sum, n });
      }
    }
    const days = [...byDay.keys()].sort();
    return {
      name: 'Equal-weighted universe',
      symbol: null,
      index: chainReturns(
        days,
        days.map((day) => {
          const total = byDay.get(day);
          return total && total.n > 0 ? total.sum / total.n : 0;
        }),
      ),
    };
  }

  return {
    /**
     * Until when (`performance.now()`) `value` may stand for the stored history `known`
     * describes: for ever when it was computed from it; when it is the one kept for up to a
     * minute after new bars arrived, until that minute ends; otherwise not at all.
     */
    validUntil(value: Benchmark, known: { listings: number; last: string }): number {
      if (cached?.value !== value) return 0;
      if (cached.key === `${known.listings}:${known.last}`) return Number.POSITIVE_INFINITY;
      return cached.listings === known.listings ? cached.at + REFRESH_MS : 0;
    },

    /** `known`: the history fingerprint when already read (else it is read here). */
    async index(known?: { listings: number; last: string }): Promise<Benchmark> {
      const fingerprint = known ?? (await deps.repository.historyFingerprint());
      const key = `${fingerprint.listings}:${fingerprint.last}`;
      if (cached) {
        const fresh = cached.key === key;
        const recentEnough =
          cached.listings === fingerprint.listings && performance.now() - cached.at < REFRESH_MS;
        if (fresh || recentEnough) return cached.value;
      }
      running ??= compute()
        .then((value) => {
          cached = { key, listings: fingerprint.listings, at: performance.now(), value };
          return value;
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
  };
}
