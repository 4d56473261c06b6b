import { createSearchParams } from 'react-router';

/** Spec §2: submitting a search goes to /search?q={query}. */
export function searchPath(query: string): string {
  return `/search?${createSearchParams({ q: query }).toString()}`;
}

/** Spec §2: a company by its full EXCHANGE:TICKER symbol, the colon kept readable. */
export function tickerPath(symbol: string): string {
  return `/ticker/${encodeURIComponent(symbol).replace(/%3A/gi, ':')}`;
}
