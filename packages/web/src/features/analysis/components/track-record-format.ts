import { formatPercent } from '@app/shared/display/format';

/** A fraction as a percentage with one decimal ('52.3%'); null → '—'. */
export function rate(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`;
}

/** A return (a fraction) as a signed percentage ('+1.24%'); null → '—'. */
export function signedReturn(value: number | null): string {
  return value === null ? '—' : formatPercent(value * 100, 2);
}

/** '1 day', '5 days'. */
export function horizonLabel(horizon: number): string {
  return horizon === 1 ? '1 day' : `${horizon} days`;
}
