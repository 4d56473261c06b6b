import { useEffect, useRef } from 'react';

/** Spec §9: the next page loads when the sentinel comes within 300 px of the bottom. */
export const LOAD_MORE_ROOT_MARGIN = '0px 0px 300px 0px';

/**
 * Calls `loadMore` whenever the returned sentinel ref nears the viewport, while `enabled`. A new
 * `pageCount` observes afresh, so a sentinel still in view after a load asks for the next page.
 */
export function useLoadMore(loadMore: () => void, enabled: boolean, pageCount: number) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  }, [loadMore]);
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || node === null) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: LOAD_MORE_ROOT_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, pageCount]);
  return sentinel;
}
