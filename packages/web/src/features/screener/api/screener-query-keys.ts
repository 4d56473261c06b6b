/** TanStack Query keys of the screener. */
export const SCREENER_QUERY_KEY = ['screener'] as const;
export const screenerResultsKey = (query: string) =>
  [...SCREENER_QUERY_KEY, 'query', query] as const;
export const SCREENER_FACETS_KEY = [...SCREENER_QUERY_KEY, 'facets'] as const;
export const SAVED_SCREENS_KEY = [...SCREENER_QUERY_KEY, 'screens'] as const;
