import { deferredComponent } from '../../../lib/deferred-component';
import type { SearchHighlightProps } from './search-highlight-marks';

/** The plain title while the marks' code loads, or if it cannot. */
function PlainTitle({ children }: SearchHighlightProps) {
  return children;
}

/**
 * A title with the searched words marked, drawn only after a search (the search page, a feed
 * opened from it). Mantine's Highlight with its Mark is a chunk of its own (about 1.4 KB gzipped):
 * the feeds and articles a visitor opens without searching never load it.
 */
export const { Component: SearchHighlight } = deferredComponent<SearchHighlightProps>(
  () => import('./search-highlight-marks').then((module) => module.SearchHighlightMarks),
  { fallback: PlainTitle, unavailable: PlainTitle },
);
