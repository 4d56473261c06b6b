import type { Transaction } from '@app/shared/api/portfolio';
import { LRUCache } from 'lru-cache';
import { notFound } from '../../http/errors.ts';
import { ANSWER_BYTES } from './portfolio-answers.ts';
import type { NoticeScope, PortfolioNotices } from './portfolio-notices.ts';
import { toTransaction } from './portfolio-rows.ts';
import type { PortfolioRepository } from './portfolio.repository.ts';

/** Ledgers kept answered in memory (2,000 entries take about 300 KB). */
const CACHED_LEDGERS = 256;
/** Pages of one ledger version kept. */
const PAGES_PER_LEDGER = 8;
/** What one transaction costs in memory, parsed and written by the route (about 200 bytes of JSON). */
const TRANSACTION_BYTES = 600;

/**
 * `/portfolio/transactions`: a portfolio's name and its transactions, or a page of them. The same
 * object while kept, so its route writes it once (`http/kept-answer.ts`).
 */
export type TransactionList = { portfolio: string; transactions: readonly Transaction[] };

/** A ledger's transactions as answered, for one `ledger_version`. */
type LedgerAnswer = {
  portfolioId: string;
  version: number;
  transactions: Transaction[];
  /** The whole list, made on first use. */
  all?: TransactionList;
  /** Pages asked of this version, made on first use (a few, the oldest dropped first). */
  pages: Map<string, TransactionList>;
  scope: NoticeScope;
  mark: number;
};

/** A page of `/portfolio/transactions` (ledger order). */
export type TransactionPage = { skip: number; limit: number | undefined };

/**
 * The answers of `/portfolio/transactions`, kept per user and portfolio for one ledger version.
 */
export function createLedgerAnswers(deps: {
  repository: PortfolioRepository;
  notices: PortfolioNotices | undefined;
  /** Answers served from memory without reading, and answers that read the database. */
  counts: { fromMemory: number; read: number };
  /** The portfolio's id (`default` created on first use; other names must exist). */
  portfolioId: (userId: string, name: string) => Promise<string>;
}) {
  const { repository, notices, counts, portfolioId } = deps;
  /** By user and portfolio name. */
  const ledgerAnswers = new LRUCache<string, LedgerAnswer>({
    max: CACHED_LEDGERS,
    maxSize: ANSWER_BYTES,
    sizeCalculation: (answer) => Math.max(1, answer.transactions.length * TRANSACTION_BYTES),
  });

  return {
    /**
     * `/portfolio/transactions` (all entries in ledger order, or `page`): the entries are read
     * once per ledger version, the list (or page) made once and kept; with the change notices an
     * unchanged ledger is answered without reading anything.
     */
    async transactionList(
      userId: string,
      name: string,
      page?: TransactionPage,
    ): Promise<TransactionList> {
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
        let list = hit.pages.get(pageKey);
        if (!list) {
          const end = page.limit === undefined ? undefined : page.skip + page.limit;
          list = { portfolio: name, transactions: hit.transactions.slice(page.skip, end) };
          if (hit.pages.size >= PAGES_PER_LEDGER)
            hit.pages.delete(hit.pages.keys().next().value ?? '');
          hit.pages.set(pageKey, list);
        }
        return list;
      }
      hit.all ??= { portfolio: name, transactions: hit.transactions };
      return hit.all;
    },
  };
}
