import { DEFAULT_PORTFOLIO, portfolioSnapshotResponseSchema } from '@app/shared/api/portfolio';
import type { PerformanceRange, PortfolioSnapshot } from '@app/shared/api/portfolio';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { snapshotQueryKey } from './portfolio-query-keys';

/** The range the dashboard opens with. */
export const DEFAULT_RANGE: PerformanceRange = '1Y';

/** Spec §9 stock table cadence: the portfolio's prices refresh every 30 s. */
export const SNAPSHOT_REFRESH_MS = 30_000;

/**
 * GET /portfolio/snapshot?portfolio=&range=: holdings, summary, returns of every range, and the
 * value series and contributions of `range`.
 */
export async function fetchSnapshot(
  portfolio: string,
  range: PerformanceRange,
  signal?: AbortSignal,
): Promise<PortfolioSnapshot> {
  const { status: _status, ...snapshot } = await apiGet(
    '/portfolio/snapshot',
    { portfolio, range },
    { schema: portfolioSnapshotResponseSchema, signal },
  );
  return snapshot;
}

export function snapshotQueryOptions(portfolio: string, range: PerformanceRange) {
  return queryOptions({
    queryKey: snapshotQueryKey(portfolio, range),
    queryFn: ({ signal }) => fetchSnapshot(portfolio, range, signal),
  });
}

export interface UseSnapshotOptions {
  portfolio?: string;
  range?: PerformanceRange;
  /** False for visitors: the call needs a login. */
  enabled?: boolean;
}

/** The portfolio now; the previous range stays on screen while another loads. */
export function usePortfolioSnapshot({
  portfolio = DEFAULT_PORTFOLIO,
  range = DEFAULT_RANGE,
  enabled = true,
}: UseSnapshotOptions = {}) {
  return useQuery({
    ...snapshotQueryOptions(portfolio, range),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: SNAPSHOT_REFRESH_MS,
  });
}

/** True when nothing was ever recorded (no open nor closed position). */
export function isEmptySnapshot(snapshot: PortfolioSnapshot): boolean {
  return snapshot.holdings.length === 0 && snapshot.closed.length === 0;
}
