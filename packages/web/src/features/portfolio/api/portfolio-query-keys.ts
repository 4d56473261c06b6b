import type { PerformanceRange } from '@app/shared/api/portfolio';

/** Every portfolio query (snapshot, transactions, calendar, widgets) lives under this key. */
export const PORTFOLIO_QUERY_KEY = ['portfolio'] as const;

export function snapshotQueryKey(portfolio: string, range: PerformanceRange) {
  return [...PORTFOLIO_QUERY_KEY, 'snapshot', portfolio, range] as const;
}

export const CALENDAR_QUERY_KEY = [...PORTFOLIO_QUERY_KEY, 'calendar'] as const;

export const WIDGETS_QUERY_KEY = [...PORTFOLIO_QUERY_KEY, 'widgets'] as const;
