/**
 * A symbol as a URL path segment: upper-cased and escaped, but with its ':' kept readable
 * (`NASDAQ:AAPL`, not `NASDAQ%3AAAPL`; a colon is valid inside a path segment).
 */
export function symbolSegment(symbol: string): string {
  return encodeURIComponent(symbol.trim().toUpperCase()).replace(/%3A/gi, ':');
}

/** Path of a company's page (spec §2): /ticker/{EXCHANGE:TICKER}. */
export function tickerPath(symbol: string): string {
  return `/ticker/${symbolSegment(symbol)}`;
}
