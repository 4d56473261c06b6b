import type { Holding } from '@app/shared/api/portfolio';

export type HoldingSortKey =
  | 'symbol'
  | 'quantity'
  | 'average_cost'
  | 'price'
  | 'market_value'
  | 'day_change_pct'
  | 'unrealized_pnl'
  | 'weight_pct';

export interface HoldingSort {
  key: HoldingSortKey;
  direction: 'asc' | 'desc';
}

/** The table opens with the largest positions first. */
export const DEFAULT_HOLDING_SORT: HoldingSort = { key: 'market_value', direction: 'desc' };

/** Holdings ordered by one column; unknown values (no price yet) always come last. */
export function sortHoldings(holdings: readonly Holding[], sort: HoldingSort): Holding[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...holdings].sort((a, b) => {
    if (sort.key === 'symbol') return sign * a.symbol.localeCompare(b.symbol);
    const x = a[sort.key];
    const y = b[sort.key];
    if (x === null && y === null) return a.symbol.localeCompare(b.symbol);
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (x - y) || a.symbol.localeCompare(b.symbol);
  });
}

/** Clicking a column: the same column flips its direction; another starts with the largest. */
export function nextSort(current: HoldingSort, key: HoldingSortKey): HoldingSort {
  if (current.key === key) {
    return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key, direction: key === 'symbol' ? 'asc' : 'desc' };
}
