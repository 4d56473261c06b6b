import {
  DEFAULT_PORTFOLIO,
  PORTFOLIOS_PER_USER_MAX,
  type PerformanceRange,
} from '@app/shared/api/portfolio';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { replayLedger, type LedgerEntry } from './ledger.ts';
import { toEntry } from './portfolio-rows.ts';
import { createLedgerAnswers } from './portfolio-ledger-answers.ts';
import { createLedgerWrites } from './portfolio-ledger-writes.ts';
import type { PortfolioNotices } from './portfolio-notices.ts';
import { createSnapshotAnswers } from './portfolio-snapshot-answers.ts';
import type { PortfolioRepository } from './portfolio.repository.ts';

/** Users whose held symbols are kept at most (the oldest go first). */
const HELD_SYMBOLS_KEPT = 50_000;

/**
 * Portfolios, their ledgers (validated under a per-portfolio lock: portfolio-ledger-writes.ts),
 * the ledger's answers (portfolio-ledger-answers.ts), performance snapshots
 * (portfolio-snapshot-answers.ts) and CSV.
 */
export function createPortfolioService(deps: {
  repository: PortfolioRepository;
  clock: Clock;
  /** Loads the stored daily history of listings that lack it (the prices module). */
  loadHistory: (symbols: readonly string[]) => Promise<void>;
  /** A listing to use as the benchmark instead of the equal-weighted universe. */
  benchmarkSymbol?: string | undefined;
  /**
   * The database's change notices (PORTFOLIO_CACHE): with them an unchanged snapshot or ledger is
   * answered from memory without reading anything; without them every call reads what it
   * depends on (versions, quotes, history stamps) and reuses what is unchanged.
   */
  notices?: PortfolioNotices | undefined;
}) {
  const { repository, notices } = deps;
  /** Answers served from memory without reading, and answers that read the database. */
  const counts = { fromMemory: 0, read: 0 };

  /** After a write of the user's portfolios committed: stale here at once, and in every process. */
  async function written(userId: string) {
    if (!notices) return;
    notices.touchUser(userId);
    await notices.confirmEverywhere();
  }

  /** The portfolio's id: `default` is created on first use, other names must exist. */
  async function portfolioId(userId: string, name: string): Promise<string> {
    const found = await repository.find(userId, name);
    if (found) return found.id;
    if (name !== DEFAULT_PORTFOLIO) throw notFound(`Portfolio '${name}' not found.`);
    return repository.ensure(userId, name);
  }

  const snapshots = createSnapshotAnswers({
    repository,
    clock: deps.clock,
    loadHistory: deps.loadHistory,
    benchmarkSymbol: deps.benchmarkSymbol,
    notices,
    counts,
  });
  const { entriesOf } = snapshots;
  /** `heldSymbols` by user, with the notice generation read before them (`notices.fresh`). */
  const held = new LRUCache<string, { mark: number; symbols: readonly string[] }>({
    max: HELD_SYMBOLS_KEPT,
  });

  return {
    async list(userId: string): Promise<string[]> {
      await portfolioId(userId, DEFAULT_PORTFOLIO);
      return repository.names(userId);
    },

    async create(userId: string, name: string): Promise<string[]> {
      if (!(await repository.find(userId, name))) {
        if ((await repository.count(userId)) >= PORTFOLIOS_PER_USER_MAX) {
          throw conflict(`You can keep at most ${PORTFOLIOS_PER_USER_MAX} portfolios.`);
        }
        await repository.ensure(userId, name);
        await written(userId);
      }
      return repository.names(userId);
    },

    ...createLedgerAnswers({ repository, notices, counts, portfolioId }),
    ...createLedgerWrites({ repository, clock: deps.clock, portfolioId, written }),
    /** `/portfolio/snapshot` at the clock's instant (portfolio-snapshot-answers.ts). */
    snapshotAt: (userId: string, name: string, range: PerformanceRange) =>
      snapshots.snapshotAt(userId, name, range),

    /** How answers were served, and whether the change notices are heard (tests, the log). */
    cacheStats: () => ({ ...counts, notices: notices?.stats() }),

    /**
     * Symbols with shares held in the user's default portfolio (the assistant's PORTFOLIO, the
     * dashboard's calendar): from memory while no change notice named the user since they were
     * read (every portfolio or ledger write announces its user), else one read.
     */
    async heldSymbols(userId: string): Promise<string[]> {
      const kept = held.get(userId);
      if (kept && notices?.fresh(kept.mark, { userId })) return [...kept.symbols];
      // Taken before anything is read: a notice after it makes what is read now stale.
      const mark = notices?.mark() ?? -1;
      const found = await repository.find(userId, DEFAULT_PORTFOLIO);
      const symbols = found
        ? [...replayLedger((await entriesOf(found)).entries).positions.values()]
            .filter((p) => p.quantity > 0)
            .map((p) => p.symbol)
        : [];
      if (mark >= 0) held.set(userId, { mark, symbols: Object.freeze([...symbols]) });
      return symbols;
    },

    /** Symbols with shares held in any of the user's portfolios, each once (alerts, digests). */
    async heldSymbolsInAll(userId: string): Promise<string[]> {
      const held = new Set<string>();
      for (const name of await repository.names(userId)) {
        const found = await repository.find(userId, name);
        if (!found) continue;
        const { positions } = replayLedger((await entriesOf(found)).entries);
        for (const p of positions.values()) if (p.quantity > 0) held.add(p.symbol);
      }
      return [...held];
    },

    /**
     * `heldSymbolsInAll` of many users in one read (the alert rules on holdings after a quote
     * refresh): each portfolio's ledger replayed apart.
     */
    async heldSymbolsOf(userIds: readonly string[]): Promise<Map<string, Set<string>>> {
      const ledgers = new Map<string, { userId: string; entries: LedgerEntry[] }>();
      for (const row of await repository.ledgersOfUsers(userIds)) {
        let ledger = ledgers.get(row.portfolio_id);
        if (!ledger) ledgers.set(row.portfolio_id, (ledger = { userId: row.user_id, entries: [] }));
        ledger.entries.push(toEntry(row));
      }
      const held = new Map(userIds.map((id) => [id, new Set<string>()]));
      for (const { userId, entries } of ledgers.values()) {
        for (const p of replayLedger(entries).positions.values()) {
          if (p.quantity > 0) held.get(userId)?.add(p.symbol);
        }
      }
      return held;
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
