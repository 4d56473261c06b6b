import type { LiveQuoteEvent } from '@app/shared/api/live';

/** The fields of a quote (financials) that a live event moves. */
interface QuoteFields {
  exchange_ticker: string;
  price: number;
  change: number;
  change_pct: number;
  day_low: number;
  day_high: number;
  as_of: number;
  updated_at: number;
}

const isQuote = (value: unknown): value is QuoteFields =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as QuoteFields).exchange_ticker === 'string' &&
  typeof (value as QuoteFields).price === 'number';

/**
 * A quote with a live event's fields, when the event is about it and not older than it; the same
 * object otherwise (so nothing re-renders). Derived fields the event does not carry (periods,
 * logo, name) stay as they are.
 */
export function mergeQuote<T extends QuoteFields>(quote: T, event: LiveQuoteEvent): T {
  if (quote.exchange_ticker.toUpperCase() !== event.symbol.toUpperCase()) return quote;
  if (event.updated_at < quote.updated_at || event.as_of < quote.as_of) return quote;
  if (event.price === quote.price && event.as_of === quote.as_of) return quote;
  return {
    ...quote,
    price: event.price,
    change: event.change,
    change_pct: event.change_pct,
    day_low: event.day_low,
    day_high: event.day_high,
    as_of: event.as_of,
    updated_at: event.updated_at,
  };
}

/**
 * Merges a live quote into cached data of any shape the market pages keep: one quote, a map of
 * quotes keyed by symbol, an object holding such a map (`financials`), or a list of those.
 */
export function mergeQuoteInto(data: unknown, event: LiveQuoteEvent, depth = 0): unknown {
  if (data === null || typeof data !== 'object' || depth > 3) return data;
  if (isQuote(data)) return mergeQuote(data, event);
  if (Array.isArray(data)) {
    const next = data.map((item: unknown) => mergeQuoteInto(item, event, depth + 1));
    return next.some((item, index) => item !== data[index]) ? next : data;
  }
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const merged =
      typeof value === 'object' && value !== null ? mergeQuoteInto(value, event, depth + 1) : value;
    if (merged !== value) changed = true;
    next[key] = merged;
  }
  return changed ? next : data;
}
