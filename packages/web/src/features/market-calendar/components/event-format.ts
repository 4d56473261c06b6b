import type { EarningsTiming, MarketEvent } from '@app/shared/api/market-calendar';
import { formatDay } from '@app/shared/display/dates';
import { formatCompact, formatPercent, formatPrice } from '@app/shared/display/format';

/** What the reader sees for a figure the source does not give. */
export const UNKNOWN = 'unknown';

const TIMING: Record<EarningsTiming, string> = {
  'before-open': 'Before the open',
  'after-close': 'After the close',
  unknown: 'Time not known',
};

export const timingLabel = (timing: EarningsTiming) => TIMING[timing];

/** `$2.66`, or `unknown`. */
export const money = (value: number | null) =>
  value === null ? UNKNOWN : formatPrice(value, 'USD');

/** `$138B`, or `unknown`. */
export const revenue = (value: number | null) =>
  value === null ? UNKNOWN : `$${formatCompact(value, 3)}`;

/** `Beat by 5.2%`, `Missed by 3.1%`, `In line`; null when unknown. */
export function surpriseLabel(pct: number | null): string | null {
  if (pct === null) return null;
  if (pct === 0) return 'In line';
  return `${pct > 0 ? 'Beat' : 'Missed'} by ${formatPercent(Math.abs(pct), 1).replace('+', '')}`;
}

/** The colour of a surprise; the label's words carry the meaning too. */
export const surpriseColor = (pct: number | null) =>
  pct === null || pct === 0 ? 'gray' : pct > 0 ? 'teal' : 'red';

/** `Mon 23 Nov` of a `YYYY-MM-DD` day. */
export const dayLabel = (day: string) => formatDay(day, { weekday: true, year: false });

/** A dividend's line: its amount and dates, or that it is not declared yet. */
export function dividendLine(event: MarketEvent): string {
  if (event.kind === 'split') return `Split ${event.split_ratio ?? UNKNOWN}`;
  if (event.ex_date === null) return 'Declaration expected; amount not known yet';
  const parts = [`${money(event.amount)} a share`];
  if (event.record_date) parts.push(`record ${dayLabel(event.record_date)}`);
  parts.push(`pay ${event.pay_date ? dayLabel(event.pay_date) : UNKNOWN}`);
  return parts.join(' · ');
}
