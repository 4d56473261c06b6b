import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

/** A paged list as the panels read it: the items loaded so far, the total, `loadMore` while more exist. */
export function pagedView<Page extends { total: number }, Item>(
  query: UseInfiniteQueryResult<InfiniteData<Page>>,
  itemsOf: (page: Page) => Item[],
) {
  const pages = query.data?.pages ?? [];
  return {
    items: pages.flatMap(itemsOf),
    total: pages.at(-1)?.total ?? 0,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
