import type { Financials } from '@app/shared/api/market';
import { splitSymbol } from '@app/shared/symbols';

/** Spec §3: the name of the placeholder row of a symbol without financial data. */
export const NOT_AVAILABLE_NAME = 'N/A';

/** Spec §3 watchlist row. Numbers are null on the 'N/A' row. */
export interface WatchlistRow {
  symbol: string;
  ticker: string;
  exchange: string;
  image: string | null;
  company_name: string;
  price: number | null;
  currency: string;
  open: number | null;
  change: number | null;
  change_pct: number | null;
  day_low: number | null;
  day_high: number | null;
  source: Financials['source'] | null;
}

/**
 * A watchlist row from a symbol and its quote. Spec §3: the client derives change and change_pct
 * from current_open (the move since today's open); when the open is unknown (0) the quote's own
 * change against the previous close is used. Without a quote the row is the 'N/A' placeholder.
 */
export function toWatchlistRow(symbol: string, quote: Financials | undefined): WatchlistRow {
  const { exchange, ticker } = splitSymbol(symbol);
  if (!quote) {
    return {
      symbol,
      ticker,
      exchange,
      image: null,
      company_name: NOT_AVAILABLE_NAME,
      price: null,
      currency: '',
      open: null,
      change: null,
      change_pct: null,
      day_low: null,
      day_high: null,
      source: null,
    };
  }
  const open = quote.current_open;
  const hasOpen = Number.isFinite(open) && open > 0;
  const change = hasOpen ? quote.price - open : quote.change;
  const changePct = hasOpen ? (change / open) * 100 : quote.change_pct;
  return {
    symbol,
    ticker,
    exchange,
    image: quote.image,
    company_name: quote.company_name,
    price: quote.price,
    currency: quote.currency,
    open: hasOpen ? open : null,
    change,
    change_pct: changePct,
    day_low: quote.day_low,
    day_high: quote.day_high,
    source: quote.source,
  };
}

/** The rows of a list in its order, an 'N/A' row for every symbol without financials. */
export function toWatchlistRows(
  symbols: readonly string[],
  financials: Record<string, Financials> | undefined,
): WatchlistRow[] {
  return symbols.map((symbol) => toWatchlistRow(symbol, financials?.[symbol]));
}
