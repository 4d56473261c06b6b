/** Spec §9: pagination shows 5 page links; lists show 10 rows per page by default. */
export const VISIBLE_PAGE_LINKS = 5;
export const DEFAULT_PAGE_SIZE = 10;

export function pageCount(total: number, pageSize: number = DEFAULT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page numbers to link: at most `visible`, centred on `page` where the ends allow. */
export function pageWindow(page: number, count: number, visible = VISIBLE_PAGE_LINKS): number[] {
  const size = Math.min(visible, count);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), count - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}

/** The rows of `page` (1-based). */
export function pageSlice<T>(items: readonly T[], page: number, pageSize = DEFAULT_PAGE_SIZE): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}
