import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showErrorToast } from '../../lib/toast';
import { SUGGESTION_DEBOUNCE_MS, suggestionsQueryOptions } from './api/suggestions';
import type { Suggestion, SuggestionResult, SuggestionSource } from './api/suggestions';

/** Spec §5: a response belongs to the typed text when the queries are equal ignoring case. */
export function isSameQuery(answered: string, typed: string): boolean {
  return answered.trim().toLowerCase() === typed.trim().toLowerCase();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const NONE: SuggestionResult = { query: '', suggestions: [] };

/**
 * Suggestions for the text being typed: requested 150 ms after the last keystroke (spec §9); a
 * response whose query is not the latest typed text is discarded (spec §5); a failure shows a
 * danger toast with its text and hides the suggestions (spec §8).
 */
export function useSuggestions(source: SuggestionSource, text: string) {
  const queryClient = useQueryClient();
  const query = text.trim();
  const [debounced] = useDebouncedValue(query, SUGGESTION_DEBOUNCE_MS);
  const [accepted, setAccepted] = useState<SuggestionResult>(NONE);
  const latest = useRef(text);
  useEffect(() => {
    latest.current = text;
  }, [text]);

  const load = useCallback(
    (value: string) => queryClient.query(suggestionsQueryOptions(source, value)),
    [queryClient, source],
  );

  useEffect(() => {
    if (debounced === '') return;
    load(debounced).then(
      (result) => {
        if (isSameQuery(result.query, latest.current)) setAccepted(result);
      },
      (error: unknown) => {
        if (!isSameQuery(debounced, latest.current)) return;
        showErrorToast(messageOf(error));
        setAccepted({ query: debounced, suggestions: [] });
      },
    );
  }, [debounced, load]);

  /** The suggestions for `value` now, without waiting for the debounce (Enter in a picker). */
  const resolve = useCallback(
    async (value: string): Promise<Suggestion[]> => {
      try {
        return (await load(value.trim())).suggestions;
      } catch (error) {
        showErrorToast(messageOf(error));
        return [];
      }
    },
    [load],
  );

  return { suggestions: query === '' ? [] : accepted.suggestions, resolve };
}
