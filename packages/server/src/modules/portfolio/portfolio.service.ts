import {
  DEFAULT_PORTFOLIO,
  PORTFOLIOS_PER_USER_MAX,
  type ImportRequest,
  type PerformanceRange,
  type Transaction,
  type transactionInputSchema,
} from '@app/shared/api/portfolio';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { snapshotAnswer, transactionsAnswer, type SnapshotAnswer } from './portfolio-answers.ts';
import { createBenchmark, type Benchmark } from './portfolio-benchmark.ts';
import { createClosesCache } from './portfolio-closes.ts';
import { inLedgerOrder, readTransactionsCsv, writeTransactionsCsv } from './portfolio-csv.ts';
import { checkImport, type ImportCheck } from './portfolio-import.ts';
import {
  assertLedgerValid,
  assertRoomFor,
  businessDay,
  dateProblem,
  unknownSymbol,
} from './portfolio-rules.ts';
import type { NoticeScope, PortfolioNotices } from './portfolio-notices.ts';
import { createSeriesCache } from './portfolio-series-cache.ts';
import { buildSnapshot, type ListingFacts } from './portfolio-snapshot.ts';
import type {
  ListingRow,
  NewTransactionRow,
  PortfolioRepository,
  TransactionRow,
} from './portfolio.repository.ts';
import { replayLedger, type LedgerEntry } from './ledger.ts';
import { addDays, type PriceSeries } from './performance.ts';

export type TransactionBody = z.output<typeof transactionInputSchema>;
type ImportBody = Omit<ImportRequest, 'portfolio'> & { portfolio: string };

/** A new entry goes after every entry already recorded on its day. */
const LAST = Number.MAX_SAFE_INTEGER;

/** Ledgers kept in memory (2,000 entries take about 300 KB). */
const CACHED_LEDGERS = 256;
/** Finished snapshots kept per portfolio and range (ten years of daily points take about 1 MB). */
const CACHED_SNAPSHOTS = 128;
/** Pages of one ledger version kept serialised. */
const PAGES_PER_LEDGER = 8;
/** Bytes of serialised answers kept, over all snapshots and over all ledgers. */
const ANSWER_BYTES = 64 * 1024 * 1024;
/** What one transaction costs in memory, parsed and serialised (about 200 bytes of JSON). */
const TRANSACTION_BYTES = 600;

const EMPTY: PriceSeries = { days: [], closes: [] };
const sameCloses = (a: PriceSeries, b: PriceSeries | undefined) =>
  a === b || (b !== undefined && a.days.length === 0 && b.days.length === 0);

/** A finished snapshot's answer and everything it was computed from but the clock's instant. */
type SnapshotMemo = {
  portfolioId: string;
  ledgerVersion: number;
  asOfDay: string;
  /** The listings' facts and quotes, as read. */
  listings: string;
  closes: readonly PriceSeries[];
  benchmark: Benchmark;
  answer: SnapshotAnswer;
  /** What a change notice must name to make it stale, and the generation it was read after. */
  scope: NoticeScope;
  mark: number;
  /** `performance.now()` after which the benchmark it shows is due to be computed again. */
  validUntil: number;
};

/** A ledger's transactions as answered, for one `ledger_version`. */
type LedgerAnswer = {
  portfolioId: string;
  version: number;
  transactions: Transaction[];
  /** The whole list's answer, serialised on first use. */
  body?: Buffer;
  /** Pages asked of this version, serialised on first use (a few, the oldest dropped first). */
  pages: Map<string, Buffer>;
  scope: NoticeScope;
  mark: number;
};

/** A page of `/portfolio/transactions` (ledger order). */
export type TransactionPage = { skip: number; limit: number | undefined };

export const toEntry = (row: TransactionRow): LedgerEntry => ({
  type: row.type,
  symbol: row.symbol,
  date: row.trade_date,
  quantity: row.quantity,
  price: row.price,
  fees: row.fees,
  seq: row.seq,
});

export const toTransaction = (row: TransactionRow): Transaction => ({
  id: row.id,
  portfolio: row.portfolio,
  type: row.type,
  symbol: row.symbol,
  date: row.trade_date,
  quantity: row.quantity,
  price: row.price,
  fees: row.fees,
  currency: row.currency,
  note: row.note,
  created_at: Math.floor(row.created_at.getTime() / 1000),
});

/** The listing each symbol names: an exact `EXCHANGE:TICKER`, or a bare ticker with one listing. */
export function matchListings(symbols: readonly string[], rows: readonly ListingRow[]) {
  const exact = new Map(rows.map((row) => [row.exchange_ticker, row]));
  const byTicker = new Map<string, ListingRow[]>();
  for (const row of rows) byTicker.set(row.ticker, [...(byTicker.get(row.ticker) ?? []), row]);
  const result = new Map<string, ListingRow>();
  for (const symbol of symbols) {
    const upper = symbol.toUpperCase();
    const found = exact.get(upper) ?? byTicker.get(upper);
    const row = Array.isArray(found) ? (found.length === 1 ? found[0] : undefined) : found;
    if (row) result.set(symbol, row);
  }
  return result;
}

/** Portfolios, their ledgers (validated under a per-portfolio lock), performance and CSV. */
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
  const { repository } = deps;
  const today = () => businessDay(deps.clock.now());
  const closesCache = createClosesCache(repository);
  const seriesCache = createSeriesCache();
  const { notices } = deps;
  /** By user, portfolio name and range. */
  const snapshots = new LRUCache<string, SnapshotMemo>({
    max: CACHED_SNAPSHOTS,
    maxSize: ANSWER_BYTES,
    sizeCalculation: (memo) => Math.max(1, memo.answer.bytes),
  });
  /** By user and portfolio name. */
  const ledgerAnswers = new LRUCache<string, LedgerAnswer>({
    max: CACHED_LEDGERS,
    maxSize: ANSWER_BYTES,
    sizeCalculation: (answer) => Math.max(1, answer.transactions.length * TRANSACTION_BYTES),
  });

  /** After a write of the user's portfolios committed: stale here at once, and in every process. */
  /** Answers served from memory without reading, and answers that read the database. */
  const counts = { fromMemory: 0, read: 0 };

  async function written(userId: string) {
    if (!notices) return;
    notices.touchUser(userId);
    await notices.confirmEverywhere();
  }
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

  /** The portfolio's id: `default` is created on first use, other names must exist. */
  async function portfolioId(userId: string, name: string): Promise<string> {
    const found = await repository.find(userId, name);
    if (found) return found.id;
    if (name !== DEFAULT_PORTFOLIO) throw notFound(`Portfolio '${name}' not found.`);
    return repository.ensure(userId, name);
  }

  async function listingOf(symbol: string): Promise<ListingRow> {
    const listing = matchListings([symbol], await repository.listings([symbol])).get(symbol);
    if (!listing) throw badRequest(unknownSymbol(symbol));
    return listing;
  }

  /** Checks a body's own fields and names its listing; the row to store. */
  async function rowOf(body: TransactionBody): Promise<NewTransactionRow> {
    const problem = dateProblem(body.date, today());
    if (problem) throw badRequest(problem);
    const listing = await listingOf(body.symbol);
    return {
      type: body.type,
      symbol: listing.exchange_ticker,
      trade_date: body.date,
      quantity: body.quantity,
      price: body.type === 'split' ? 0 : body.price,
      fees: body.fees,
      currency: body.currency?.toUpperCase() ?? listing.currency,
      note: body.note,
    };
  }

  const entryOf = (row: NewTransactionRow, seq: number): LedgerEntry => ({
    type: row.type,
    symbol: row.symbol,
    date: row.trade_date,
    quantity: row.quantity,
    price: row.price,
    fees: row.fees,
    seq,
  });

  async function transactionOf(userId: string, id: string): Promise<TransactionRow> {
    const row = await repository.transactionOf(userId, id);
    if (!row) throw notFound(`Transaction '${id}' not found.`);
    return row;
  }

  /** Import rows checked against the ledger as it is inside the lock. */
  async function check(ledger: readonly TransactionRow[], body: ImportBody): Promise<ImportCheck> {
    const parsed = readTransactionsCsv(body.csv, body.mapping);
    if (parsed.fileError) throw badRequest(parsed.fileError);
    const rows = inLedgerOrder(parsed.rows);
    const symbols = [...new Set(rows.flatMap((row) => (row.fields ? [row.fields.symbol] : [])))];
    const listings = matchListings(symbols, await repository.listings(symbols));
    return checkImport({
      headers: parsed.headers,
      rows,
      ledger: ledger.map(toEntry),
      listings,
      today: today(),
    });
  }

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

    /**
     * The answer of `/portfolio/transactions` (all entries in ledger order, or `page`): the
     * entries are read once per ledger version and the whole list serialised once; with the
     * change notices an unchanged ledger is answered without reading anything.
     */
    async transactionsBody(userId: string, name: string, page?: TransactionPage): Promise<Buffer> {
      const key = `${userId}\n${name}`;
      let hit = ledgerAnswers.get(key);
      if (hit && notices?.fresh(hit.mark, hit.scope)) counts.fromMemory += 1;
      else {
        counts.read += 1;
        const mark = notices?.mark() ?? -1;
        let found = await repository.find(userId, name);
        if (!found) {
          await portfolioId(userId, name); // creates `default`, else 404
          found = await repository.find(userId, name);
          if (!found) throw notFound(`Portfolio '${name}' not found.`);
        }
        if (hit?.portfolioId === found.id && hit.version === found.ledger_version) {
          hit.mark = mark;
        } else {
          hit = {
            portfolioId: found.id,
            version: found.ledger_version,
            transactions: (await repository.ledger(found.id)).map(toTransaction),
            pages: new Map(),
            scope: { userId, portfolioId: found.id },
            mark,
          };
          ledgerAnswers.set(key, hit);
        }
      }
      if (page && (page.skip > 0 || page.limit !== undefined)) {
        const pageKey = `${String(page.skip)}:${String(page.limit)}`;
        let body = hit.pages.get(pageKey);
        if (!body) {
          const end = page.limit === undefined ? undefined : page.skip + page.limit;
          body = transactionsAnswer(name, hit.transactions.slice(page.skip, end));
          if (hit.pages.size >= PAGES_PER_LEDGER)
            hit.pages.delete(hit.pages.keys().next().value ?? '');
          hit.pages.set(pageKey, body);
        }
        return body;
      }
      hit.body ??= transactionsAnswer(name, hit.transactions);
      return hit.body;
    },

    async record(userId: string, body: TransactionBody): Promise<Transaction> {
      const row = await rowOf(body);
      const id = await portfolioId(userId, body.portfolio);
      const [created] = await repository.locked([id], async (scope) => {
        const ledger = await scope.ledger(id);
        assertRoomFor(ledger.length, 1);
        assertLedgerValid([...ledger.map(toEntry), entryOf(row, LAST)]);
        return scope.insert(id, [row], deps.clock.now());
      });
      await written(userId);
      return toTransaction(await transactionOf(userId, created ?? ''));
    },

    async update(userId: string, transactionId: string, body: TransactionBody) {
      const before = await transactionOf(userId, transactionId);
      const row = await rowOf(body);
      const target = await portfolioId(userId, body.portfolio);
      await repository.locked([before.portfolio_id, target], async (scope) => {
        const source = await scope.ledger(before.portfolio_id);
        const current = source.find((entry) => entry.id === transactionId);
        if (!current) throw notFound(`Transaction '${transactionId}' not found.`);
        const others = source.filter((entry) => entry.id !== transactionId).map(toEntry);
        if (target === before.portfolio_id) {
          assertLedgerValid([...others, entryOf(row, current.seq)]);
        } else {
          const moved = await scope.ledger(target);
          assertRoomFor(moved.length, 1);
          assertLedgerValid(others, 'Moving this transaction would break its portfolio:');
          assertLedgerValid([...moved.map(toEntry), entryOf(row, current.seq)]);
        }
        await scope.update(transactionId, target, row);
      });
      await written(userId);
      return toTransaction(await transactionOf(userId, transactionId));
    },

    async remove(userId: string, transactionId: string): Promise<void> {
      const before = await transactionOf(userId, transactionId);
      await repository.locked([before.portfolio_id], async (scope) => {
        const ledger = await scope.ledger(before.portfolio_id);
        if (!ledger.some((entry) => entry.id === transactionId)) {
          throw notFound(`Transaction '${transactionId}' not found.`);
        }
        assertLedgerValid(
          ledger.filter((entry) => entry.id !== transactionId).map(toEntry),
          'Deleting this transaction would break the ledger:',
        );
        await scope.remove(transactionId);
      });
      await written(userId);
    },

    async exportCsv(userId: string, name: string): Promise<string> {
      return writeTransactionsCsv(
        (await repository.ledger(await portfolioId(userId, name))).map(toTransaction),
      );
    },

    /** The file's rows with their errors, checked against the current ledger; writes nothing. */
    async preview(userId: string, body: ImportBody): Promise<ImportCheck> {
      return check(await repository.ledger(await portfolioId(userId, body.portfolio)), body);
    },

    /** Writes every row of the file, or nothing when one row or the resulting ledger is invalid. */
    async import(userId: string, body: ImportBody): Promise<number> {
      const id = await portfolioId(userId, body.portfolio);
      const imported = await repository.locked([id], async (scope) => {
        const ledger = await scope.ledger(id);
        const checked = await check(ledger, body);
        const failed = checked.rows.filter((row) => row.errors.length > 0);
        if (failed.length > 0) {
          const first = failed
            .slice(0, 3)
            .map((row) => `line ${row.line}: ${row.errors.join(' ')}`)
            .join('; ');
          throw badRequest(
            `Nothing was imported: ${failed.length} row${failed.length > 1 ? 's have' : ' has'} errors (${first}).`,
          );
        }
        if (checked.rows.length === 0) throw badRequest('The file has no transactions.');
        assertRoomFor(ledger.length, checked.rows.length);
        const rows = checked.rows.flatMap((row) =>
          row.transaction
            ? [
                {
                  type: row.transaction.type,
                  symbol: row.transaction.symbol,
                  trade_date: row.transaction.date,
                  quantity: row.transaction.quantity,
                  price: row.transaction.price,
                  fees: row.transaction.fees,
                  currency: row.transaction.currency,
                  note: row.transaction.note,
                },
              ]
            : [],
        );
        await scope.insert(id, rows, deps.clock.now());
        return rows.length;
      });
      await written(userId);
      return imported;
    },

    /**
     * The answer of `/portfolio/snapshot`: holdings, performance over every range, the value
     * series of `range`, and allocation. With the change notices, a snapshot nothing announced
     * since is answered from memory without reading anything, only `as_of` following the clock.
     * Otherwise (and after a notice) the call reads what the snapshot is computed from and reuses
     * the serialised answer while all of it is the same.
     */
    async snapshotBody(userId: string, name: string, range: PerformanceRange): Promise<Buffer> {
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
        return memo.answer.at(asOf);
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
      const yesterday = addDays(asOfDay, -1);
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
        return memo.answer.at(asOf);
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
      const answer = snapshotAnswer(snapshot);
      if (found) {
        snapshots.set(memoKey, {
          portfolioId: found.id,
          ledgerVersion: found.ledger_version,
          asOfDay,
          listings: listingsRead,
          closes: closesRead,
          benchmark: index,
          answer,
          scope: { userId, portfolioId: found.id, symbols, history: true },
          mark,
          validUntil,
        });
      }
      return answer.at(asOf);
    },

    /** How answers were served, and whether the change notices are heard (tests, the log). */
    cacheStats: () => ({ ...counts, notices: notices?.stats() }),

    /** Symbols with shares held in the user's default portfolio (the assistant's PORTFOLIO). */
    async heldSymbols(userId: string): Promise<string[]> {
      const found = await repository.find(userId, DEFAULT_PORTFOLIO);
      if (!found) return [];
      const { positions } = replayLedger((await entriesOf(found)).entries);
      return [...positions.values()].filter((p) => p.quantity > 0).map((p) => p.symbol);
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
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
