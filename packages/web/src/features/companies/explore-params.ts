import { splitSymbol } from '@app/shared/symbols';
/** Spec §2: redirects send `nothing_here`, the page historically read `nothingHere`: accept both. */
const NOTHING_HERE_KEYS = ['nothing_here', 'nothingHere'] as const;

/** Whether the sad "nothing in your portfolio" banner is asked for ('0' and 'false' say no). */
export function isNothingHere(params: URLSearchParams): boolean {
  return NOTHING_HERE_KEYS.some((key) => {
    const value = params.get(key);
    return value !== null && !['0', 'false'].includes(value.trim().toLowerCase());
  });
}

/**
 * The company to open and highlight: `?exchange=NASDAQ&symbol=AAPL` (or a full
 * `symbol=NASDAQ:AAPL`), upper-cased; null without a usable pair.
 */
export function focusSymbol(params: URLSearchParams): string | null {
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const exchange = (params.get('exchange') ?? '').trim().toUpperCase();
  if (symbol === '') return null;
  if (symbol.includes(':')) return symbol;
  return exchange === '' ? null : `${exchange}:${symbol}`;
}

/** The explore page opened on one company, e.g. from its company page. */
export function explorePath(symbol: string): string {
  const { exchange, ticker } = splitSymbol(symbol);
  return `/company/explore?${new URLSearchParams({ exchange, symbol: ticker }).toString()}`;
}
