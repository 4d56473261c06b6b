import type { NoticeHub } from '../db/notice-hub.ts';

/**
 * Where the database announces writes of the admin pages' tables (migrations 2026-11-30T1440:
 * `users`, `outbox`; 2026-11-30T1520: `deliveries`, `contact`, `newsletter`, `channel_posts`).
 */
export const ADMIN_PAGES_CHANNEL = 'stockpulse_admin_pages';
/** Answers kept at most (as `page-answers.ts`); the oldest goes first. */
const MAX_ANSWERS = 200;

/**
 * The tables the admin pages are read from: the user list, searches and queue; the outbox; the
 * alert deliveries; the contact inbox; the newsletter's subscribers; the channels' posts log
 * (`telegram_channel_posts` and the channels' titles).
 */
export const PAGE_GROUPS = [
  'users',
  'outbox',
  'deliveries',
  'contact',
  'newsletter',
  'channel_posts',
] as const;
export type PageGroup = (typeof PAGE_GROUPS)[number];
const GROUPS: readonly PageGroup[] = PAGE_GROUPS;

/**
 * The admin pages answered from memory while nothing changed (kept as values, which their routes
 * write once: `http/kept-answer.ts`): the kept answers of `page-answers.ts` are checked against
 * their rows' versions by one small statement a call; with this, a page built (or checked) while
 * this process listened and kept since with no notice of its table is sent with no statement at
 * all. The database announces every statement that writes `users` or `outbox` (a statement
 * trigger, whoever writes); the process's notice hub hears it and this forgets that table's
 * answers. Nothing is answered from memory while it does not listen. A write through the approval
 * service waits (`changed`) until every listening process forgot its table's answers, so the admin
 * who approved sees it on the next page from any process; other writers (a registration, a mail
 * kept) show once their notice arrives, milliseconds after their commit.
 */
export function createPageNotices(deps: { hub: NoticeHub }) {
  const { hub } = deps;
  const generations = Object.fromEntries(GROUPS.map((group) => [group, 0])) as Record<
    PageGroup,
    number
  >;
  const kept = new Map<string, { group: PageGroup; generation: number; body: object }>();
  const listeners: ((group: PageGroup) => void)[] = [];
  let hits = 0;

  function forget(group: PageGroup) {
    generations[group] += 1;
    for (const [key, entry] of kept) if (entry.group === group) kept.delete(key);
    for (const listener of listeners) listener(group);
  }
  const forgetAll = () => GROUPS.forEach(forget);
  const groupOf = (payload: string) => GROUPS.find((group) => group === payload);

  const listener = hub.listen({
    channel: ADMIN_PAGES_CHANNEL,
    label: 'admin page answers',
    onNotice: (payload) => {
      const group = groupOf(payload);
      if (group) forget(group);
      else forgetAll();
    },
    onConfirmRequest: (payload) => {
      const group = groupOf(payload);
      if (group) forget(group);
      else forgetAll();
    },
    onReset: forgetAll,
  });

  return {
    /**
     * The answer for `key` (a page of `group`'s table): from memory when kept while listening and
     * no notice of the table came since, else `build()`'s (kept when none came while it ran).
     * Starts listening on first use; until it listens every call builds.
     */
    async answer<T extends object>(
      group: PageGroup,
      key: string,
      build: () => Promise<T>,
    ): Promise<T> {
      if (!listener.listens()) return build();
      const entry = kept.get(key);
      if (entry && entry.generation === generations[group]) {
        hits += 1;
        // A key is always built by the same call site, so its kept value is that build's type.
        return entry.body as T;
      }
      const mark = generations[group];
      const body = await build();
      if (listener.isListening() && mark === generations[group]) {
        kept.delete(key);
        if (kept.size >= MAX_ANSWERS) {
          const oldest = kept.keys().next();
          if (!oldest.done) kept.delete(oldest.value);
        }
        kept.set(key, { group, generation: mark, body });
      }
      return body;
    },

    /** Calls `fn` whenever a table's answers are forgotten (the pages' totals are cleared so). */
    onForget: (fn: (group: PageGroup) => void) => {
      listeners.push(fn);
    },

    /**
     * After a write of `group`'s table committed: forgets its answers here, then asks every
     * listening process by NOTIFY to forget them and waits until each one acknowledged (a process
     * that does not answer within two seconds, dead, is not waited for).
     */
    async changed(group: PageGroup): Promise<void> {
      forget(group);
      await listener.confirmEverywhere(group);
    },

    /** Whether answers may be served from memory, how many are kept, the hits; for tests. */
    stats: () => ({ listening: listener.isListening(), entries: kept.size, hits }),

    close: listener.close,
  };
}

export type PageNotices = ReturnType<typeof createPageNotices>;

/**
 * One group's pages for a module's service: `answer(key, build)` from memory while `group`'s
 * table is unchanged (`pages` absent, ADMIN_PAGE_CACHE off: `build()` every call); `changed()`
 * after an admin's write, answered once every process forgot them (read-your-own-writes);
 * `onForget(fn)` runs whenever they are forgotten (a page's counts kept beside it are cleared so).
 */
export function pageGroup(pages: PageNotices | undefined, group: PageGroup) {
  return {
    answer: <T extends object>(key: string, build: () => Promise<T>): Promise<T> =>
      pages ? pages.answer(group, key, build) : build(),
    changed: async (): Promise<void> => {
      await pages?.changed(group);
    },
    onForget: (fn: () => void) => {
      pages?.onForget((forgotten) => {
        if (forgotten === group) fn();
      });
    },
  };
}
