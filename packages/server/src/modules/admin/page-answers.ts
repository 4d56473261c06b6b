/**
 * The admin panel's page views, kept (their routes write each kept view's bytes once,
 * `http/kept-answer.ts`) and checked against the database on every call, so an admin never sees a stale row: a page's *versions* are its rows' ids
 * and PostgreSQL row versions (`xmin`, new with every update of the row) in page order, read by one
 * small statement on the page's own index (one short text instead of 10–50 wide rows). When they
 * equal the kept answer's, the kept view is sent; otherwise the page is read and kept with the versions of the rows it was built from. A change by any process (an approval, a
 * removal, a new account, a mail sent) changes the versions at once: read-your-own-writes holds
 * across processes, with no notification and no expiry. Anything else an answer carries (a total)
 * is part of its key.
 */
export type PageVersions = string;

/** The versions of rows as the page statement reads them (`{id}:{xmin}`, comma-separated). */
export const rowVersions = (rows: readonly { id: string; row_version: string }[]): PageVersions =>
  rows.map((row) => `${row.id}:${row.row_version}`).join(',');

/** Answers kept at most (one per page, search and total asked); the oldest goes first. */
const MAX_ANSWERS = 200;

export type PageAnswers = {
  /**
   * The answer for `key` whose rows are at `versions` now: the kept view when it was built from
   * exactly those row versions, else `build()`'s (kept under the versions it read). A key is
   * always built by the same call, so its kept view is that build's type.
   */
  answer<T extends object>(
    key: string,
    versions: PageVersions,
    build: () => Promise<{ versions: PageVersions; body: T }>,
  ): Promise<T>;
  /** How many answers are kept (for tests). */
  size(): number;
};

export function createPageAnswers(max = MAX_ANSWERS): PageAnswers {
  const kept = new Map<string, { versions: PageVersions; body: object }>();
  return {
    async answer<T extends object>(
      key: string,
      versions: PageVersions,
      build: () => Promise<{ versions: PageVersions; body: T }>,
    ): Promise<T> {
      const entry = kept.get(key);
      if (entry && entry.versions === versions) return entry.body as T;
      const built = await build();
      kept.delete(key);
      if (kept.size >= max) {
        const oldest = kept.keys().next();
        if (!oldest.done) kept.delete(oldest.value);
      }
      kept.set(key, built);
      return built.body;
    },
    size: () => kept.size,
  };
}
