import { financialsResponseSchema } from '@app/shared/api/market';
import type { Financials } from '@app/shared/api/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { MARKET_QUERY_KEY } from './market-query-keys';
import { symbolSegment } from './symbol-segment';

/** Spec §4/§9: the stock table refreshes in place every 30 s. */
export const STOCK_TABLE_REFRESH_MS = 30_000;

/** Spec §9: the month and year columns compare with the close 31 and 365 days back. */
export const PERIOD_DAYS = [31, 365] as const;

export interface FinancialsRequest {
  /** Add `days_31` and `days_365` (`?add=31,365`). */
  withPeriods?: boolean;
}

/** GET /company/financials/get/{symbol}[?add=31,365]: the quote of one symbol, null when unknown. */
export async function fetchFinancials(
  symbol: string,
  { withPeriods = false }: FinancialsRequest = {},
  signal?: AbortSignal,
): Promise<Financials | null> {
  const key = symbol.toUpperCase();
  const response = await apiGet(
    `/company/financials/get/${symbolSegment(key)}`,
    withPeriods ? { add: PERIOD_DAYS.join(',') } : undefined,
    { schema: financialsResponseSchema, signal },
  );
  return response.financials[key] ?? Object.values(response.financials)[0] ?? null;
}

export function financialsQueryOptions(symbol: string, request: FinancialsRequest = {}) {
  return queryOptions({
    queryKey: [
      ...MARKET_QUERY_KEY,
      'financials',
      symbol.toUpperCase(),
      Boolean(request.withPeriods),
    ] as const,
    queryFn: ({ signal }) => fetchFinancials(symbol, request, signal),
  });
}

/** The quote of `symbol`, refreshed in place every 30 s (spec §4 stock table). */
export function useFinancials(symbol: string, request: FinancialsRequest = {}) {
  return useQuery({
    ...financialsQueryOptions(symbol, request),
    refetchInterval: STOCK_TABLE_REFRESH_MS,
  });
}
