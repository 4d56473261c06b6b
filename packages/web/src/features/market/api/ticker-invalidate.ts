import { useEffect } from 'react';
import { apiGet } from '../../../lib/api-client';
import { symbolSegment } from '../../../lib/ticker-path';

/** GET /ticker/invalidate/{symbol}: asks the server to refresh its cached quote (logged in). */
export function invalidateTicker(symbol: string): Promise<unknown> {
  return apiGet(`/ticker/invalidate/${symbolSegment(symbol)}`, undefined, {
    notifyNetworkError: false,
  });
}

/**
 * Spec §7: a company page asks for fresh data when it loads (logged-in users only). The answer is
 * not used and a failure is only logged.
 */
export function useInvalidateTickerOnLoad(symbol: string | null, loggedIn: boolean): void {
  useEffect(() => {
    if (symbol === null || !loggedIn) return;
    invalidateTicker(symbol).catch((error: unknown) => {
      console.warn(`Could not refresh ${symbol}`, error);
    });
  }, [symbol, loggedIn]);
}
