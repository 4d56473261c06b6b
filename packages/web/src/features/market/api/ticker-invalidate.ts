import { useEffect } from 'react';
import { apiGet } from '../../../lib/api-client';
import { symbolSegment } from '../../../lib/ticker-path';

/** GET /ticker/invalidate/{symbol}: asks the server to refresh its cached quote (anyone). */
export function invalidateTicker(symbol: string): Promise<unknown> {
  return apiGet(`/ticker/invalidate/${symbolSegment(symbol)}`, undefined, {
    notifyNetworkError: false,
  });
}

/**
 * Spec §7: a company page asks for fresh data on every load, visitors included (the server
 * rate-limits per address and refreshes in a job). The answer is not used; a failure is only logged.
 */
export function useInvalidateTickerOnLoad(symbol: string | null): void {
  useEffect(() => {
    if (symbol === null) return;
    invalidateTicker(symbol).catch((error: unknown) => {
      console.warn(`Could not refresh ${symbol}`, error);
    });
  }, [symbol]);
}
