import { formatPrice, NOT_AVAILABLE } from '@app/shared/display/format';

/** Money with its sign for non-zero amounts: '+$300.00', '-$12.50', '$0.00'; null → '—'. */
export function formatSignedMoney(n: number | null | undefined, currency?: string): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NOT_AVAILABLE;
  const text = formatPrice(Math.abs(n), currency);
  if (n > 0) return `+${text}`;
  if (n < 0) return `-${text}`;
  return text;
}

/** Money that may be unknown (no price yet): '$1,800.00' or '—'. */
export function formatMoney(n: number | null | undefined, currency?: string): string {
  return n === null || n === undefined ? NOT_AVAILABLE : formatPrice(n, currency);
}

/** Share counts: whole numbers plain, fractions up to 4 places ('10', '2.5', '0.1234'). */
export function formatQuantity(n: number): string {
  if (!Number.isFinite(n)) return NOT_AVAILABLE;
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 }).format(n);
}
