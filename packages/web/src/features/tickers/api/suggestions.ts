import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Which suggestion endpoint: the search bars use companies, the stock tracker tickers (spec §7). */
export type SuggestionSource = 'company' | 'ticker';

/** Spec §9: suggestions are requested after 150 ms without typing. */
export const SUGGESTION_DEBOUNCE_MS = 150;

/** The server answers 400 to longer queries. */
export const SUGGESTION_QUERY_MAX = 100;

export interface Suggestion {
  /** `EXCHANGE:TICKER`. */
  symbol: string;
  /** The aligned `extra` text, e.g. 'Apple Inc. · Information Technology'. */
  info: string;
}

export interface SuggestionResult {
  /** The query the server answered (spec §5: compared with the latest typed text). */
  query: string;
  suggestions: Suggestion[];
}

export const SUGGESTIONS_QUERY_KEY = ['search', 'suggestions'] as const;

/** GET /{source}/suggestions?query= (spec §3 Suggestion response). */
export async function fetchSuggestions(
  source: SuggestionSource,
  query: string,
  signal?: AbortSignal,
): Promise<SuggestionResult> {
  // Imported on demand: the search box sits in the layout, and zod stays out of the entry chunk.
  const { suggestionResponseSchema } = await import('@app/shared/api/companies');
  const response = await apiGet(
    `/${source}/suggestions`,
    { query },
    // A failure is toasted once, with its own text, by the caller (spec §8).
    { schema: suggestionResponseSchema, signal, notifyNetworkError: false },
  );
  return {
    query: response.query,
    suggestions: response.suggestions.map((symbol, index) => ({
      symbol,
      info: response.extra[index] ?? '',
    })),
  };
}

export function suggestionsQueryOptions(source: SuggestionSource, query: string) {
  return queryOptions({
    queryKey: [...SUGGESTIONS_QUERY_KEY, source, query],
    queryFn: ({ signal }) => fetchSuggestions(source, query, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
