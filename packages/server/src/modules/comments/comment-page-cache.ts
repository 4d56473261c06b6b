import { jsonSize } from '../../cache/json-size.ts';
import type { NoticeHub } from '../../db/notice-hub.ts';

/** Where the database announces changed comments (migration 2026-11-27T1200-comment-notify). */
export const COMMENTS_CHANNEL = 'stockpulse_comments';
/** Where it announces changed users and sessions (migration 2026-11-27T1000-session-notify). */
const USERS_CHANNEL = 'stockpulse_sessions';
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** A safety net only: every change is announced, so an entry is normally dropped long before. */
const MAX_AGE_MS = 5 * 60_000;

/** Tags an entry carries; a notice drops every entry with its tag. */
export const cacheTags = {
  article: (id: string) => `a:${id}`,
  user: (id: string) => `u:${id}`,
  /** Entries that any comment or user anywhere may change (the reports queue, unread replies). */
  anyComment: '*',
} as const;

export type CachedAnswer = {
  /** The answer's value: its route writes it once per kept value (`http/kept-answer.ts`). */
  value: object;
  /** What the answer was built from: an article, its authors (user changes), `anyComment`. */
  tags: readonly string[];
  /** Business time (ms) from which the answer may differ without any write (a plan's end). */
  validUntil: number;
  /** A shorter lifetime than the safety net's, for what no notice covers (article titles). */
  maxAgeMs?: number;
};

/** `size`: the value's JSON bytes (`jsonSize`), what MAX_BYTES bounds. */
type Entry = CachedAnswer & { key: string; size: number; builtAt: number; storedAt: number };

/**
 * Comment answers kept in each API process (a busy article's pages are read
 * by every visitor), safe across processes: the database NOTIFYs every comment change with the
 * article's id and every user change with the user's id (triggers, whoever writes), and the
 * process's notice hub hears them and this drops the entries tagged with it. Nothing is served while
 * that connection does not listen; an answer built while any notice (or a reconnect) arrived is
 * not stored, and a build in flight is shared only by requests that arrived before any notice.
 * A write through this process waits (`sync`) until every listening process confirmed it has
 * read the notices so far, so the next read anywhere sees it.
 */
export function createCommentPageCache(deps: { hub: NoticeHub }) {
  const { hub } = deps;
  const entries = new Map<string, Entry>();
  const byTag = new Map<string, Set<string>>();
  const building = new Map<string, { mark: number; promise: Promise<object> }>();
  let bytes = 0;
  const listener = hub.listen({
    channel: COMMENTS_CHANNEL,
    extraChannels: [USERS_CHANNEL],
    label: 'comment cache',
    onNotice,
    // A write's confirmation (no subject) asks only whether the notices before were read.
    onReset: () => {
      entries.clear();
      byTag.clear();
      building.clear();
      bytes = 0;
    },
  });

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  }

  function dropTag(tag: string) {
    listener.bump();
    for (const key of [...(byTag.get(tag) ?? [])]) drop(key);
  }

  function onNotice(payload: string, channel: string) {
    if (channel === USERS_CHANNEL) {
      // A user id: the trigger's notice, or the subject of a session revocation's confirmation.
      dropTag(cacheTags.user(payload));
      // The reports queue and unread replies name users too (reporters, repliers): rebuilt.
      dropTag(cacheTags.anyComment);
      return;
    }
    if (payload.startsWith('u:')) {
      dropTag(payload); // a user's replies marked as read
    } else {
      dropTag(cacheTags.article(payload));
      dropTag(cacheTags.anyComment);
    }
  }

  function lookup(key: string, now: number): object | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (
      now < entry.builtAt ||
      now >= entry.validUntil ||
      performance.now() - entry.storedAt > (entry.maxAgeMs ?? MAX_AGE_MS)
    ) {
      drop(key);
      return undefined;
    }
    // Most recently used last: the oldest unused entry goes first when full.
    entries.delete(key);
    entries.set(key, entry);
    return entry.value;
  }

  function store(key: string, mark: number, now: number, answer: CachedAnswer) {
    if (!listener.isListening() || mark !== listener.generation()) return;
    const size = jsonSize(answer.value);
    if (size > MAX_BYTES / 16) return;
    drop(key);
    while (entries.size >= MAX_ENTRIES || bytes + size > MAX_BYTES) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      drop(oldest.value);
    }
    entries.set(key, { ...answer, key, size, builtAt: now, storedAt: performance.now() });
    bytes += size;
    for (const tag of answer.tags) {
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  return {
    /**
     * The stored answer of `key` at business time `now`, else `build()`'s (stored when nothing
     * changed while it ran). Concurrent misses of one key share a build begun after the last
     * notice. `hit` says whether it came from memory.
     */
    async answer(
      key: string,
      now: Date,
      build: () => Promise<CachedAnswer>,
    ): Promise<{ value: object; hit: boolean }> {
      if (!listener.listens()) {
        return { value: (await build()).value, hit: false };
      }
      const at = now.getTime();
      const found = lookup(key, at);
      if (found) return { value: found, hit: true };
      const pending = building.get(key);
      if (pending && pending.mark === listener.generation())
        return { value: await pending.promise, hit: false };
      const mark = listener.generation();
      const promise = build().then((answer) => {
        store(key, mark, at, answer);
        return answer.value;
      });
      building.set(key, { mark, promise });
      try {
        return { value: await promise, hit: false };
      } finally {
        if (building.get(key)?.promise === promise) building.delete(key);
      }
    },

    /**
     * Called after a write committed (its trigger's notices are on their way): drops what this
     * process holds of `tags` at once, then asks every listening process by NOTIFY to confirm and
     * waits until each one (by backend pid) did — notices arrive in commit order, so each has
     * dropped the changed entries by then. A process that does not answer within two seconds
     * (it died) is not waited for.
     */
    async sync(tags: readonly string[] = []): Promise<void> {
      for (const tag of tags) dropTag(tag);
      await listener.confirmEverywhere();
    },

    /** Starts listening if this process does not yet, and waits for it (a failure is not thrown). */
    ready: listener.ready,

    /** Whether entries may be served, how many there are and their bytes; for tests and the log. */
    stats: () => ({ listening: listener.isListening(), entries: entries.size, bytes }),

    close: listener.close,
  };
}

export type CommentPageCache = ReturnType<typeof createCommentPageCache>;
