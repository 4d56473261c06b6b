import type { HistoryRange } from '@app/shared/api/market';
import { useQuery } from '@tanstack/react-query';
import { priceHistoryQueryOptions } from '../../market';
import { barDay, daysBetween, todayIso } from '../dates';

/** The shortest chart range that still reaches back to `day`. */
export function rangeReaching(day: string, today: string): HistoryRange {
  const age = daysBetween(day, today);
  if (age <= 28) return '1m';
  if (age <= 180) return '6m';
  if (age <= 360) return '1y';
  if (age <= 5 * 365 - 7) return '5y';
  if (age <= 10 * 365 - 7) return '10y';
  return 'max';
}

export interface DayClose {
  /** The trading day the close is of (the last one on or before the asked day). */
  day: string;
  close: number;
}

/**
 * The close of `symbol` on `day` (or the last trading day before it: a weekend purchase is priced
 * at Friday's close), from the stored daily bars; null while unknown.
 */
export function useDayClose(symbol: string, day: string): DayClose | null {
  const valid = symbol !== '' && /^\d{4}-\d{2}-\d{2}$/.test(day);
  const history = useQuery({
    ...priceHistoryQueryOptions(symbol, rangeReaching(day, todayIso())),
    enabled: valid,
  });
  if (!valid || !history.data) return null;
  let found: DayClose | null = null;
  for (const bar of history.data.results) {
    const barDate = barDay(bar.creation_date);
    if (barDate > day) break;
    found = { day: barDate, close: bar.close };
  }
  return found;
}
