import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showErrorToast } from '../../lib/toast';
import { suggestionsQueryOptions } from '../tickers';
import type { SuggestionResult } from '../tickers';

/** Spec §2 search page: the search runs 50 ms after the page loads (or q changes). */
export const SEARCH_DELAY_MS = 50;

export type CompanySearch =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'error'; message: string }
  | { status: 'success'; result: SuggestionResult };

interface Outcome {
  query: string;
  search: CompanySearch;
}

/**
 * The companies matching `query` (company suggestions, best match first), searched
 * SEARCH_DELAY_MS after it is given. A failure is toasted with its text (spec §8).
 */
export function useDeferredCompanySearch(query: string): CompanySearch {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (query === '') return;
    let current = true;
    const timer = window.setTimeout(() => {
      queryClient.query(suggestionsQueryOptions('company', query)).then(
        (result) => {
          if (current) setOutcome({ query, search: { status: 'success', result } });
        },
        (error: unknown) => {
          if (!current) return;
          const message = error instanceof Error ? error.message : String(error);
          showErrorToast(message);
          setOutcome({ query, search: { status: 'error', message } });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [query, queryClient]);

  if (query === '') return { status: 'idle' };
  return outcome?.query === query ? outcome.search : { status: 'pending' };
}

/**
 * `query` once it has been given for SEARCH_DELAY_MS (the same deferral as the company search),
 * or null while it waits; '' stays ''. Searches other than the company one (news) key on it.
 */
export function useDeferredQuery(query: string): string | null {
  const [ready, setReady] = useState('');
  useEffect(() => {
    if (query === '') return undefined;
    const timer = window.setTimeout(() => setReady(query), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query]);
  if (query === '') return '';
  return ready === query ? query : null;
}
