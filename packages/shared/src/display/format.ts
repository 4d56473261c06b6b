/** Shown in place of a number that is missing or not finite. */
export const NOT_AVAILABLE = '—';

const LOCALE = 'en-US';
const PRICE_DECIMALS = 2;

const formatCache = new Map<string, Intl.NumberFormat>();

/** Returns a cached en-US number format for the given options. */
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = formatCache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, options);
    formatCache.set(key, format);
  }
  return format;
}

const decimalFormat = (decimals: number, signDisplay: 'negative' | 'exceptZero') =>
  numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay });

const plainPrice = decimalFormat(PRICE_DECIMALS, 'negative');
const signedChange = decimalFormat(PRICE_DECIMALS, 'exceptZero');

/** Clamps a caller-given digit count to an integer in [min, max], falling back when not finite. */
function digits(value: number, min: number, max: number, fallback: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.trunc(value))) : fallback;
}

function currencyFormat(currency: string): Intl.NumberFormat | undefined {
  try {
    return numberFormat({
      style: 'currency',
      currency,
      minimumFractionDigits: PRICE_DECIMALS,
      maximumFractionDigits: PRICE_DECIMALS,
      signDisplay: 'negative',
    });
  } catch {
    return undefined;
  }
}

/** Price with 2 decimals and thousands separators ('1,234.50'; 'USD' → '$1,234.50'); non-finite → '—'. */
export function formatPrice(n: number, currency?: string): string {
  if (!Number.isFinite(n)) return NOT_AVAILABLE;
  const format = currency ? (currencyFormat(currency) ?? plainPrice) : plainPrice;
  return format.format(n);
}

/** Percent value with a sign for non-zero values ('+3.25%', '-1.00%', '0.00%'); non-finite → '—'. */
export function formatPercent(n: number, decimals = PRICE_DECIMALS): string {
  if (!Number.isFinite(n)) return NOT_AVAILABLE;
  return `${decimalFormat(digits(decimals, 0, 20, PRICE_DECIMALS), 'exceptZero').format(n)}%`;
}

/** Signed absolute change with 2 decimals ('+1.23', '-0.40', '0.00'); non-finite → '—'. */
export function formatChange(n: number): string {
  return Number.isFinite(n) ? signedChange.format(n) : NOT_AVAILABLE;
}

/** A number with its sign for non-zero values ('+1.5', '-0.4', '0'), `decimals` places; non-finite → '—'. */
export function formatSigned(n: number, decimals = 0): string {
  if (!Number.isFinite(n)) return NOT_AVAILABLE;
  return decimalFormat(digits(decimals, 0, 20, 0), 'exceptZero').format(n);
}

/** Compact number with K/M/B/T suffixes and at most `significantDigits` digits ('1.2K'); non-finite → '—'. */
export function formatCompact(n: number, significantDigits = 3): string {
  if (!Number.isFinite(n)) return NOT_AVAILABLE;
  return numberFormat({
    notation: 'compact',
    maximumSignificantDigits: digits(significantDigits, 1, 21, 3),
    signDisplay: 'negative',
  }).format(n);
}

/** Trading volume with K/M/B/T labels and up to 3 significant digits ('950', '3.45M'); non-finite → '—'. */
export function formatVolume(n: number): string {
  return formatCompact(n, 3);
}
