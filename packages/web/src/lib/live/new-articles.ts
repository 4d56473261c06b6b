/**
 * The 'N new articles' bar of a feed: ids announced by live `news` events that the
 * reader has not been shown yet. The bar shows their count; nothing moves until it is clicked.
 */
export interface NewArticles {
  /** Announced ids not shown yet, newest announcement last. */
  pending: readonly string[];
}

export const NO_NEW_ARTICLES: NewArticles = { pending: [] };

/**
 * Announced ids kept at most: on a filtered feed most announcements never match, and a page left
 * open all day must not gather them without end (the newest are kept).
 */
export const MAX_PENDING = 500;

/** Adds announced ids, leaving out those already listed or already pending. */
export function announceArticles(
  state: NewArticles,
  ids: readonly string[],
  shown: ReadonlySet<string>,
): NewArticles {
  const pending = new Set(state.pending);
  const added: string[] = [];
  for (const id of ids) {
    if (shown.has(id) || pending.has(id)) continue;
    pending.add(id);
    added.push(id);
  }
  if (added.length === 0) return state;
  return { pending: [...state.pending, ...added].slice(-MAX_PENDING) };
}

/** The bar's text: '1 new article', '3 new articles'. */
export function newArticlesLabel(count: number): string {
  return `${String(count)} new article${count === 1 ? '' : 's'}`;
}
