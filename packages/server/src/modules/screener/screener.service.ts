import type {
  SaveScreenBody,
  SavedScreensResponse,
  ScreenerResponse,
} from '@app/shared/api/screener';
import type { Clock } from '../../clock.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Fundamentals } from '../../providers/market-data/market-data-provider.ts';
import {
  checkScreenQuery,
  personalSymbols,
  screenLimitOf,
  screenLimitReached,
} from './screener-rules.ts';
import type { ScreenerQueryAst } from './screener-query.ts';
import type { ScreenerAnswers } from './screener-answers.ts';
import type { ScreenerRepository } from './screener.repository.ts';

/** Fundamentals are asked of the provider in batches of this many listings. */
const FUNDAMENTALS_BATCH = 500;
/** Shares, dividends and earnings change quarterly: they are fetched again after six hours. */
const FUNDAMENTALS_MAX_AGE_MS = 6 * 3_600_000;

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/** The screener: queries over the precomputed metrics, their refresh, users' saved screens. */
export function createScreenerService(deps: {
  repository: ScreenerRepository;
  clock: Clock;
  /** The symbols of all the user's watchlists. */
  watchedSymbols: (userId: string) => Promise<readonly string[]>;
  /** The symbols the user holds. */
  heldSymbols: (userId: string) => Promise<readonly string[]>;
  /** The market-data provider's per-share figures, when it has any. */
  fundamentals?: { source: string; read: (symbols: readonly string[]) => Promise<Fundamentals[]> };
  /**
   * The metrics snapshot and visitors' kept screens, both until the next metrics refresh
   * (SCREENER_SNAPSHOT, SCREENER_CACHE); absent: every screen is read from PostgreSQL.
   */
  answers?: ScreenerAnswers;
}) {
  const { repository, clock, answers } = deps;

  /** The listings the screen is limited to (null: all); personal filters need a caller. */
  async function symbolsOf(ast: ScreenerQueryAst, userId: string | null) {
    const wanted = { watchlist: ast.extras.in_watchlist, portfolio: ast.extras.in_portfolio };
    const [watchlist, portfolio] = await Promise.all([
      userId && wanted.watchlist ? deps.watchedSymbols(userId) : null,
      userId && wanted.portfolio ? deps.heldSymbols(userId) : null,
    ]);
    return personalSymbols(wanted, userId !== null, { watchlist, portfolio });
  }

  /** One page of the screen within `symbols`, and how many listings its filters match. */
  async function pageOf(
    ast: ScreenerQueryAst,
    symbols: readonly string[] | null,
  ): Promise<Omit<ScreenerResponse, 'status'>> {
    const snapshot = answers?.snapshot() ?? null;
    const fromMemory = snapshot?.page(ast, symbols) ?? null;
    const { skip, limit } = ast;
    if (fromMemory) {
      const { rows: listings, total, computedAt } = fromMemory;
      return { listings, total, skip, limit, computed_at: computedAt };
    }
    const count = () => repository.count(ast, symbols);
    const [rows, total] = await Promise.all([
      repository.page(ast, symbols),
      // A screen of everyone's listings counts once for all its pages and sorts.
      symbols === null && answers ? answers.count(JSON.stringify(ast.filters), count) : count(),
    ]);
    const computed = rows.reduce<Date | null>(
      (latest, row) => (latest && latest >= row.computed_at ? latest : row.computed_at),
      null,
    );
    return {
      listings: rows.map(({ computed_at: _computed, ...row }) => row),
      total,
      skip,
      limit,
      computed_at: computed ? epoch(computed) : null,
    };
  }

  async function screens(userId: string): Promise<Omit<SavedScreensResponse, 'status'>> {
    const found = await repository.screensOf(userId);
    if (!found) throw notFound('Unknown user.');
    const { limit, plan } = screenLimitOf(found.facts, clock.now());
    const rows = found.screens;
    return {
      screens: rows.map((row) => ({ ...row, created_at: epoch(row.created_at) })),
      limit,
      plan,
    };
  }

  return {
    /**
     * One page of the screen (personal filters need a signed-in caller): a screen of everyone's
     * listings is built once and kept (one object, which its route writes once) until the metrics
     * refresh; one limited to the caller's own listings is built every time.
     */
    async page(ast: ScreenerQueryAst, userId: string | null) {
      const symbols = await symbolsOf(ast, userId);
      const build = () => pageOf(ast, symbols);
      if (symbols !== null || !answers) return build();
      const { extras: _personal, ...screen } = ast;
      return answers.page(JSON.stringify(screen), build);
    },

    async facets() {
      const snapshot = answers?.snapshot() ?? null;
      return snapshot ? snapshot.facets() : repository.facets();
    },

    /** The kept answers' and snapshot's state (undefined when both are off); for tests. */
    cacheStats: () => answers?.stats(),

    /** Stops listening for the refresh's notices. */
    closeCache: async () => answers?.close(),

    /**
     * Refreshes the provider's fundamentals (when it has them, and when asked, none are stored or
     * the stored ones are older than FUNDAMENTALS_MAX_AGE_MS), then every listing's metrics.
     * Returns the number of listings written.
     */
    async refresh(options: { fundamentals: boolean }): Promise<number> {
      const source = deps.fundamentals;
      const stored = source && !options.fundamentals ? await repository.fundamentalsAsOf() : null;
      const stale =
        stored === null || clock.now().getTime() - stored.getTime() > FUNDAMENTALS_MAX_AGE_MS;
      if (source && (options.fundamentals || stale)) {
        const symbols = await repository.allSymbols();
        for (let i = 0; i < symbols.length; i += FUNDAMENTALS_BATCH) {
          const figures = await source.read(symbols.slice(i, i + FUNDAMENTALS_BATCH));
          await repository.upsertFundamentals(figures, source.source, clock.now());
        }
      }
      return repository.refreshMetrics(clock.now());
    },

    screens,

    /** Saves a named screen within the plan's limit (409 past it or on a name in use). */
    async save(userId: string, body: SaveScreenBody) {
      const now = clock.now();
      const query = checkScreenQuery(body.query, now);
      const facts = (await repository.screensOf(userId))?.facts;
      if (!facts) throw notFound('Unknown user.');
      const { limit, plan } = screenLimitOf(facts, now);
      const outcome = await repository.saveScreen(userId, { name: body.name, query }, limit, now);
      if (outcome === 'duplicate')
        throw conflict(`You already have a screen named '${body.name}'.`);
      if (outcome === 'limit') throw screenLimitReached(limit, plan);
      return screens(userId);
    },

    /** Deletes one of the user's screens (404 when the user has none of that id). */
    async remove(userId: string, id: string) {
      if (!(await repository.deleteScreen(userId, id))) throw notFound('Unknown screen.');
      return screens(userId);
    },
  };
}

export type ScreenerService = ReturnType<typeof createScreenerService>;
