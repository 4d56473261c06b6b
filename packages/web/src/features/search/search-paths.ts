import { createSearchParams } from 'react-router';

/** Spec §2: submitting a search goes to /search?q={query}. */
export function searchPath(query: string): string {
  return `/search?${createSearchParams({ q: query }).toString()}`;
}
