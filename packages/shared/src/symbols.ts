/**
 * A listing's symbol is `EXCHANGE:TICKER` (`NASDAQ:AAPL`, `NYSE:BRK.B`) everywhere: in the API, the
 * database, the URLs and the analyst's output. These helpers are the one place that splits and
 * joins it; they do not validate (the schemas in `api/` do).
 */

export type SymbolParts = { exchange: string; ticker: string };

/** 'NASDAQ:AAPL' → { exchange: 'NASDAQ', ticker: 'AAPL' }; a bare ticker has an empty exchange. */
export function splitSymbol(symbol: string): SymbolParts {
  const index = symbol.indexOf(':');
  if (index < 0) return { exchange: '', ticker: symbol };
  return { exchange: symbol.slice(0, index), ticker: symbol.slice(index + 1) };
}

/** 'NASDAQ:AAPL' → 'AAPL'; a bare ticker is returned as it is. */
export const tickerOf = (symbol: string): string => splitSymbol(symbol).ticker;

/** 'NASDAQ:AAPL' → 'NASDAQ'; empty for a bare ticker. */
export const exchangeOf = (symbol: string): string => splitSymbol(symbol).exchange;

/** ('NASDAQ', 'AAPL') → 'NASDAQ:AAPL'. */
export const joinSymbol = (exchange: string, ticker: string): string => `${exchange}:${ticker}`;
