import { WATCHLIST_MAX_SYMBOLS } from '@app/shared/api/market';
import { conflict } from '../../http/errors.ts';

/** Most lists one user may keep. */
export const WATCHLISTS_PER_USER_MAX = 20;

/**
 * Spec §4: adding a symbol already present is ignored (the list is returned unchanged); a list
 * holds at most WATCHLIST_MAX_SYMBOLS symbols. New symbols go to the end, keeping the user's order.
 */
export function appendSymbol(symbols: readonly string[], symbol: string): string[] {
  if (symbols.includes(symbol)) return [...symbols];
  if (symbols.length >= WATCHLIST_MAX_SYMBOLS) {
    throw conflict(
      `A watchlist holds at most ${WATCHLIST_MAX_SYMBOLS} symbols. Remove one before adding ${symbol}.`,
    );
  }
  return [...symbols, symbol];
}

/** Removing a symbol that is not in the list leaves it as it is. */
export function removeSymbol(symbols: readonly string[], symbol: string): string[] {
  return symbols.filter((current) => current !== symbol);
}
