import type { NoticeHub } from '../../db/notice-hub.ts';

/** Where the database announces what portfolio snapshots depend on (migration 2026-11-28T1000-portfolio-notify). */
export const PORTFOLIO_CHANNEL = 'stockpulse_portfolio';
/** Keys remembered per kind before all are forgotten at once (everything then counts as changed). */
const MAX_KEYS = 200_000;

/** What a cached answer was computed from: it is fresh while none of these was announced since. */
export type NoticeScope = {
  userId: string;
  portfolioId?: string;
  /** Listings whose quote, history or facts the answer read. */
  symbols?: readonly string[];
  /** Whether the answer read the benchmark (any listing's history may move it). */
  history?: boolean;
};

/**
 * The portfolio module's view of the database's change notices. The process's notice hub
 * LISTENs on `stockpulse_portfolio`; every notice bumps a generation and
 * records it against the users, portfolios and listings it names. A cached answer keeps the
 * generation read before its inputs were (`mark()`), and is fresh while nothing it depends on was
 * announced after that (`fresh()`), so a read racing a write never outlives the write's notice.
 * While the connection is not listening (before it is up, after a loss until it listens again)
 * `mark()` is -1 and nothing is fresh: every call reads the database. A lost or re-established
 * connection counts as a change of everything, since notices sent meanwhile are lost.
 */
export function createPortfolioNotices(deps: { hub: NoticeHub }) {
  const { hub } = deps;
  /** Everything changed at this generation (start, loss, reconnect, truncate, overflow). */
  let allAt = 0;
  let historyAt = 0;
  const users = new Map<string, number>();
  const portfolios = new Map<string, number>();
  const symbols = new Map<string, number>();
  let heard = 0;

  const listener = hub.listen({
    channel: PORTFOLIO_CHANNEL,
    label: 'portfolio cache',
    onNotice: (payload) => hear(payload),
    // A writer's confirmation (no subject) asks only whether everything before was heard.
    onReset: () => forgetAll(),
  });
  allAt = listener.bump(); // generation 1: everything changed at the start

  /** Everything changed at the current generation (already bumped). */
  function forgetAll() {
    allAt = listener.generation();
    users.clear();
    portfolios.clear();
    symbols.clear();
  }

  function everything() {
    listener.bump();
    forgetAll();
  }

  function record(map: Map<string, number>, keys: readonly string[]) {
    const generation = listener.bump();
    if (map.size + keys.length > MAX_KEYS) {
      everything();
      return;
    }
    for (const key of keys) if (key) map.set(key, generation);
  }

  function hear(payload: string) {
    heard += 1;
    if (payload === '*') return everything();
    const kind = payload.slice(0, 2);
    const keys = payload.slice(2).split(',');
    if (kind === 'u:') record(users, keys);
    else if (kind === 'p:') record(portfolios, keys);
    else if (kind === 'q:' || kind === 's:') record(symbols, keys);
    else if (kind === 'h:') {
      record(symbols, keys);
      historyAt = listener.generation();
    } else everything(); // a notice this version does not know: safe side
  }

  const at = (map: Map<string, number>, key: string | undefined) =>
    key === undefined ? 0 : (map.get(key) ?? 0);

  return {
    /** The generation to keep with an answer about to be computed; -1 while not listening. */
    mark(): number {
      if (!listener.listens()) return -1;
      return listener.generation();
    },

    /** Whether an answer computed after `mark` is still current: nothing in `scope` was announced since. */
    fresh(mark: number, scope: NoticeScope): boolean {
      if (!listener.isListening() || mark < 0 || allAt > mark) return false;
      if (at(users, scope.userId) > mark || at(portfolios, scope.portfolioId) > mark) return false;
      if (scope.history && historyAt > mark) return false;
      if (scope.symbols && symbols.size > 0) {
        for (const symbol of scope.symbols) if (at(symbols, symbol) > mark) return false;
      }
      return true;
    },

    /** This process's own write: the user's answers are stale at once (the others hear the trigger). */
    touchUser(userId: string) {
      record(users, [userId]);
    },

    /**
     * After a write committed (its notice is on its way), asks every listening process to confirm
     * it heard everything committed before, and waits until each one did (by backend pid, as
     * listed when asking; notices arrive in commit order) — so the next request, whichever process
     * it reaches, sees the write. A process that does not answer in two seconds is not waited for.
     */
    confirmEverywhere: (): Promise<void> => listener.confirmEverywhere(),

    /** Starts listening if not yet, and waits for it (a failure is not thrown: the cache stays off). */
    ready: listener.ready,

    /** For tests and the log: whether answers may be served from memory, notices heard. */
    stats: () => ({
      listening: listener.isListening(),
      heard,
      generation: listener.generation(),
      listenerPid: listener.pid(),
    }),

    close: listener.close,
  };
}

export type PortfolioNotices = ReturnType<typeof createPortfolioNotices>;
