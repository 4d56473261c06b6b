import { tickerOf } from '@app/shared/symbols';
/** `EXCHANGE:TICKER` (the shape of `exchangeTickerSchema` in shared, without pulling zod in). */
const EXCHANGE_TICKER = /^[A-Z]{2,15}:[A-Z0-9][A-Z0-9.-]{0,14}$/;

/**
 * Spec §5 ticker choice for typed text (Enter without picking a suggestion): with suggestions the
 * choice is restricted to them — the one equal to the text (as EXCHANGE:TICKER or as the bare
 * ticker), otherwise the first; without suggestions only a well-formed EXCHANGE:TICKER is taken.
 * Null when there is nothing to choose.
 */
export function chooseTicker(typed: string, suggestions: readonly string[]): string | null {
  const text = typed.trim().toUpperCase();
  if (text === '') return null;
  const [first] = suggestions;
  if (first === undefined) return EXCHANGE_TICKER.test(text) ? text : null;
  return (
    suggestions.find((symbol) => symbol.toUpperCase() === text) ??
    suggestions.find((symbol) => tickerOf(symbol.toUpperCase()) === text) ??
    first
  );
}
