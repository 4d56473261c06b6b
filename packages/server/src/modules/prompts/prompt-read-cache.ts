import { LRUCache } from 'lru-cache';
import { jsonSize } from '../../cache/json-size.ts';
import type { NoticeHub } from '../../db/notice-hub.ts';

/** Where the database announces changed prompts and analyses (migration 2026-11-28T1200-prompts-notify). */
export const PROMPTS_CHANNEL = 'stockpulse_prompts';
/** The notice of a company_prompts change (other notices carry a user's id). */
export const ANALYSES_NOTICE = 'analyses';
/** Answers kept at most (their JSON's bytes, `jsonSize`); the least recently used go first. */
const MAX_BYTES = 64 * 2 ** 20;
/** Users whose last change is remembered; past this everything is dropped and counting restarts. */
const MAX_CHANGED_USERS = 50_000;
/** A safety net only: every change is announced, so an entry is normally dropped long before. */
const MAX_AGE_MS = 5 * 60_000;

/** What a build answers: the answer's value (its route writes it) and whether it shows a waiting prompt. */
export type ReadBuild<T extends object = object> = {
  value: T;
  /** A waiting prompt's `ai_queue_size` moves with every prompt of every user. */
  waiting: boolean;
};

type Entry = { value: object; size: number; userId: string; waiting: boolean; builtAt: number };

/**
 * Prompt answers kept per API process (as values, each written once by its route) (the editor's list is polled every
 * second, the chat's prompts every 5 s, the admin's queue every 5 s), exact across processes:
 * a trigger NOTIFYs the owner's id on every prompts statement, whoever writes (the API, the worker
 * writing an answer, the sweep), and the process's notice hub hears it. Each notice
 * marks that user changed at a sequence number; an entry is served only if it was built after its
 * user's last change — and, when it shows a waiting prompt (whose queue position moves with every
 * prompt), after the last notice of any user. Nothing is served or stored unless the connection
 * listens: before it is up, and from the moment it is lost until it listens again, every read is
 * built from the database. This process's own writes (create, edit, remove) mark their user at
 * once and answer only after every listening process acknowledged (`confirmEverywhere`), so the
 * writer's next read is fresh whichever process it reaches. The listener opens at the first read, so workers,
 * which only write, never open it.
 */
export function createPromptReadCache(deps: { hub: NoticeHub }) {
  const { hub } = deps;
  const entries = new LRUCache<string, Entry>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) => entry.size + 64,
    ttl: MAX_AGE_MS,
  });
  const building = new Map<string, { startedAt: number; promise: Promise<object> }>();
  /** Every notice (and every local write) takes the next number. */
  let seq = 0;
  /** Entries built before this are void (a restart of counting, a lost listener). */
  let floor = 0;
  /** The last notice of any user (what a waiting prompt's position depends on). */
  let anyChange = 0;
  const changedAt = new Map<string, number>();
  const analysesListeners = new Set<() => void>();
  const counts = { hits: 0, misses: 0 };

  function voidAll() {
    seq += 1;
    floor = seq;
    anyChange = seq;
    entries.clear();
    changedAt.clear();
  }

  function markUser(userId: string) {
    seq += 1;
    anyChange = seq;
    if (changedAt.size >= MAX_CHANGED_USERS) voidAll();
    else changedAt.set(userId, seq);
  }

  function onNotice(payload: string) {
    if (payload === ANALYSES_NOTICE) {
      for (const onChange of analysesListeners) onChange();
      return;
    }
    markUser(payload);
  }

  const valid = (entry: { userId: string; waiting: boolean; builtAt: number }) =>
    entry.builtAt >= floor &&
    entry.builtAt >= (changedAt.get(entry.userId) ?? 0) &&
    (!entry.waiting || entry.builtAt >= anyChange);

  const listener = hub.listen({
    channel: PROMPTS_CHANNEL,
    label: 'prompt cache',
    onNotice, // the trigger's notice: a user's prompts, or the analyses, changed
    // A write asks every listener to confirm: mark the user, then acknowledge by backend pid.
    onConfirmRequest: markUser,
    onReset: (reason) => {
      voidAll(); // whatever was heard before listening, or while lost, is unknown
      if (reason === 'lost') for (const onChange of analysesListeners) onChange();
    },
  });

  return {
    /**
     * The value of `key` (an answer about `userId`'s prompts, or about the queue with an empty
     * `userId`), from memory when nothing it shows changed since it was built, else `build()`'s.
     * Concurrent misses of a key built after the user's last change share one build. A key is
     * always built by the same call, so its kept value is that build's type.
     */
    async get<T extends object>(
      userId: string,
      key: string,
      build: () => Promise<ReadBuild<T>>,
    ): Promise<{ value: T; hit: boolean }> {
      if (!listener.listens()) {
        counts.misses += 1;
        return { value: (await build()).value, hit: false };
      }
      const fullKey = `${userId}\u0000${key}`;
      const entry = entries.get(fullKey);
      if (entry && valid(entry)) {
        counts.hits += 1;
        return { value: entry.value as T, hit: true };
      }
      counts.misses += 1;
      const pending = building.get(fullKey);
      if (
        pending &&
        pending.startedAt >= floor &&
        pending.startedAt >= (changedAt.get(userId) ?? 0)
      ) {
        return { value: (await pending.promise) as T, hit: false };
      }
      const startedAt = seq;
      const promise = build().then(({ value, waiting }) => {
        const stored = { value, size: jsonSize(value), userId, waiting, builtAt: startedAt };
        // Stored even if a notice came meanwhile: `valid` then refuses it on the next read.
        if (listener.isListening() && valid(stored)) entries.set(fullKey, stored);
        return value;
      });
      const mine = { startedAt, promise };
      building.set(fullKey, mine);
      try {
        return { value: await promise, hit: false };
      } finally {
        if (building.get(fullKey) === mine) building.delete(fullKey);
      }
    },

    /** This process wrote `userId`'s prompts: its answers are void now, before the notice comes. */
    forgetUser: markUser,

    /**
     * Makes a write show in every process before it is answered: after it committed, asks every
     * listening process by NOTIFY to mark the user changed and waits until each one (by backend
     * pid, as listed when asking) acknowledged. A process that does not answer within two seconds
     * (it died) is not waited for; without a listener here, there is nothing to wait with (the
     * trigger's notice still reaches the others).
     */
    confirmEverywhere: (userId: string) => listener.confirmEverywhere(userId),

    /** Calls `onChange` on every company_prompts change and whenever notices may have been lost; starts listening. */
    onAnalysesChange: (onChange: () => void) => {
      analysesListeners.add(onChange);
      listener.ensureListening();
    },

    /** Whether answers may be served (the listener is up), and how often they were. */
    stats: () => ({ listening: listener.isListening(), entries: entries.size, ...counts }),

    /** Starts listening and waits for it (tests; a failure leaves the cache off). */
    ready: listener.ready,

    close: listener.close,
  };
}

export type PromptReadCache = ReturnType<typeof createPromptReadCache>;
