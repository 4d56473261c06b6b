import { addIsoDays } from '@app/shared/dates';
import { PRICE_MAX, QUANTITY_MAX } from '@app/shared/api/amounts';
import {
  DEFAULT_PORTFOLIO,
  type PerformanceRange,
  type PortfolioSnapshot,
} from '@app/shared/api/portfolio';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { LedgerEntry } from './ledger.ts';
import { type PriceSeries } from './performance.ts';
import { ANSWER_BYTES, snapshotBytes } from './portfolio-answers.ts';
import { createBenchmark, type Benchmark } from './portfolio-benchmark.ts';
import { createClosesCache } from './portfolio-closes.ts';
import type { NoticeScope, PortfolioNotices } from './portfolio-notices.ts';
import { toEntry } from './portfolio-rows.ts';
import { businessDay } from './portfolio-rules.ts';
import { createSeriesCache } from './portfolio-series-cache.ts';
import { buildSnapshot, nonFinitePath, type ListingFacts } from './portfolio-snapshot.ts';
import type { PortfolioRepository } from './portfolio.repository.ts';

/** Ledgers kept in memory (2,000 entries take about 300 KB). */
const CACHED_LEDGERS = 256;
/** Finished snapshots kept per portfolio and range (ten years of daily points take about 1 MB). */
const CACHED_SNAPSHOTS = 128;

const EMPTY: PriceSeries = { days: [], closes: [] };
const sameCloses = (a: PriceSeries, b: PriceSeries | undefined) =>
  a === b || (b !== undefined && a.days.length === 0 && b.days.length === 0);

/** A finished snapshot and everything it was computed from but the clock's instant. */
type SnapshotMemo = {
  portfolioId: string;
  ledgerVersion: number;
  asOfDay: string;
  /** The listings' facts and quotes, as read. */
  listings: string;
  closes: readonly PriceSeries[];
  benchmark: Benchmark;
  /** The same object while kept: the route writes it once (`http/kept-answer-at.ts`). */
  snapshot: PortfolioSnapshot;
  /** What a change notice must name to make it stale, and the generation it was read after. */
  scope: NoticeScope;
  mark: number;
  /** `performance.now()` after which the benchmark it shows is due to be computed again. */
  validUntil: number;
};

/**
 * The answers of `/portfolio/snapshot`, kept per user, portfolio and range with what they were
 * computed from, and the ledgers as entries (kept per `ledger_version`).
 */
export function createSnapshotAnswers(deps: {
  repository: PortfolioRepository;
  clock: Clock;
  /** Loads the stored daily history of listings that lack it (the prices module). */
  loadHistory: (symbols: readonly string[]) => Promise<void>;
  /** A listing to use as the benchmark instead of the equal-weighted universe. */
  benchmarkSymbol?: string | undefined;
  notices: PortfolioNotices | undefined;
  /** Answers served from memory without reading, and answers that read the database. */
  counts: { fromMemory: number; read: number };
}) {
  const { repository, notices, counts } = deps;
  const closesCache = createClosesCache(repository);
  const seriesCache = createSeriesCache();
  /** By user, portfolio name and range. */
  const snapshots = new LRUCache<string, SnapshotMemo>({
    max: CACHED_SNAPSHOTS,
    maxSize: ANSWER_BYTES,
    sizeCalculation: (memo) => snapshotBytes(memo.snapshot),
  });
  const ledgers = new LRUCache<
    string,
    { version: number; entries: LedgerEntry[]; symbols: string[] }
  >({ max: CACHED_LEDGERS });

  /**
   * A portfolio's ledger as entries, from memory while its `ledger_version` is the one just read
   * (every write bumps it in its own transaction, in whichever process).
   */
  async function entriesOf(portfolio: { id: string; ledger_version: number }) {
    const hit = ledgers.get(portfolio.id);
    if (hit?.version === portfolio.ledger_version) return hit;
    const entries = (await repository.ledger(portfolio.id)).map(toEntry);
    const value = {
      version: portfolio.ledger_version,
      entries,
      symbols: [...new Set(entries.map((e) => e.symbol))],
    };
    ledgers.set(portfolio.id, value);
    return value;
  }

  const benchmark = createBenchmark({
    repository,
    loadHistory: deps.loadHistory,
    symbol: deps.benchmarkSymbol,
  });

  return {
    entriesOf,

    /**
     * `/portfolio/snapshot` at the clock's instant `asOf`: holdings, performance over every range,
     * the value series of `range`, and allocation. With the change notices, a snapshot nothing
     * announced since is answered from memory without reading anything (the same object, only
     * `as_of` following the clock). Otherwise (and after a notice) the call reads what the
     * snapshot is computed from and answers the kept one while all of it is the same.
     */
    async snapshotAt(
      userId: string,
      name: string,
      range: PerformanceRange,
    ): Promise<{ snapshot: PortfolioSnapshot; asOf: Date }> {
      const asOf = deps.clock.now();
      const asOfDay = businessDay(asOf);
      const memoKey = `${userId}\n${name}\n${range}`;
      const memo = snapshots.get(memoKey);
      if (
        memo &&
        memo.asOfDay === asOfDay &&
        notices?.fresh(memo.mark, memo.scope) &&
        performance.now() < memo.validUntil
      ) {
        counts.fromMemory += 1;
        return { snapshot: memo.snapshot, asOf };
      }
      counts.read += 1;
      // Taken before anything is read: a notice after it makes what is read now stale.
      const mark = notices?.mark() ?? -1;
      const found = await repository.find(userId, name);
      if (!found && name !== DEFAULT_PORTFOLIO) throw notFound(`Portfolio '${name}' not found.`);
      const { entries, symbols } = found
        ? await entriesOf(found)
        : { entries: [], symbols: [] as string[] };
      let inputs = await repository.snapshotInputs(symbols);
      // Listings whose history is not checked through yesterday get it loaded first.
      const yesterday = addIsoDays(asOfDay, -1);
      if (inputs.listings.some((l) => l.last_day === null || l.last_day < yesterday)) {
        await deps.loadHistory(symbols);
        inputs = await repository.snapshotInputs(symbols);
      }
      const listings = inputs.listings;
      const [closes, index] = await Promise.all([
        closesCache.closes(symbols, inputs.stamps),
        benchmark.index(inputs.fingerprint),
      ]);
      // A benchmark kept for a while after new bars arrived is answered from memory only until
      // it is due to be computed again.
      const validUntil = benchmark.validUntil(index, inputs.fingerprint);
      const listingsRead = JSON.stringify(
        listings.map((l) => [
          l.exchange_ticker,
          l.company_name,
          l.gics_sector,
          l.gics_sub_industry,
          l.currency,
          l.source,
          l.price,
          l.as_of?.getTime() ?? null,
        ]),
      );
      const closesRead = symbols.map((symbol) => closes.get(symbol) ?? EMPTY);
      // Nothing it is computed from changed since the last call: the same answer at this instant.
      if (
        found &&
        memo &&
        memo.portfolioId === found.id &&
        memo.ledgerVersion === found.ledger_version &&
        memo.asOfDay === asOfDay &&
        memo.benchmark === index &&
        memo.listings === listingsRead &&
        memo.closes.length === closesRead.length &&
        memo.closes.every((series, i) => sameCloses(series, closesRead[i]))
      ) {
        memo.mark = mark;
        memo.validUntil = validUntil;
        return { snapshot: memo.snapshot, asOf };
      }

      const prices = new Map<string, PriceSeries>(closes);
      const quoteDays = new Map<string, string>();
      const facts = new Map<string, ListingFacts>();
      for (const listing of listings) {
        facts.set(listing.exchange_ticker, {
          company_name: listing.company_name,
          gics_sector: listing.gics_sector,
          gics_sub_industry: listing.gics_sub_industry,
          currency: listing.currency,
          source: listing.source === 'demo' || listing.source === 'yahoo' ? listing.source : null,
        });
        // A stored quote newer than the last close prices the position today.
        const quoteDay = listing.as_of ? businessDay(listing.as_of) : null;
        const series = closes.get(listing.exchange_ticker);
        if (listing.price !== null && quoteDay && quoteDay <= asOfDay) {
          const lastDay = series?.days.at(-1);
          if (!lastDay || quoteDay > lastDay) {
            if (symbols.includes(listing.exchange_ticker)) {
              quoteDays.set(listing.exchange_ticker, quoteDay);
            }
            prices.set(listing.exchange_ticker, {
              days: [...(series?.days ?? []), quoteDay],
              closes: [...(series?.closes ?? []), listing.price],
            });
          }
        }
      }
      const snapshot = buildSnapshot({
        portfolio: name,
        asOf,
        asOfDay,
        range,
        entries,
        prices,
        listings: facts,
        benchmark: index,
        series: found
          ? seriesCache.series({
              portfolioId: found.id,
              ledgerVersion: found.ledger_version,
              entries,
              closes,
              prices,
              quoteDays,
              asOfDay,
            })
          : undefined,
      });
      // Entries stored before amounts were bounded can overflow; no answer carries NaN or Infinity.
      const overflow = nonFinitePath(snapshot);
      if (overflow) {
        throw conflict(
          `This portfolio's amounts are too large to compute (${overflow}): edit or delete the entries above ${QUANTITY_MAX.toExponential()} shares or ${PRICE_MAX.toExponential()} a share.`,
        );
      }
      if (found) {
        snapshots.set(memoKey, {
          portfolioId: found.id,
          ledgerVersion: found.ledger_version,
          asOfDay,
          listings: listingsRead,
          closes: closesRead,
          benchmark: index,
          snapshot,
          scope: { userId, portfolioId: found.id, symbols, history: true },
          mark,
          validUntil,
        });
      }
      return { snapshot, asOf };
    },
  };
}
