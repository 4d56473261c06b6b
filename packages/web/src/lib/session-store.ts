import { useSyncExternalStore } from 'react';

/**
 * Spec §3 "Session store": what the app remembers for this tab's session (sessionStorage, so a
 * reload keeps it and a new tab starts empty). `count` counts the errors met in the session,
 * `last_error` is the newest one's text (shown again on /error), `highlight_search` the words of
 * the last search (highlighted in its results). The user and login state live in the stored
 * session (session.ts).
 */
export interface SessionStoreState {
  count: number;
  last_error: string | null;
  highlight_search: string;
}

export const SESSION_STORE_KEY = 'sessionStore';
const EMPTY: SessionStoreState = { count: 0, last_error: null, highlight_search: '' };
/** An error text is kept up to this length (a server message is short; a stack is not wanted). */
const MAX_ERROR_LENGTH = 500;

const listeners = new Set<() => void>();
let cached: { raw: string | null; state: SessionStoreState } | undefined;

function readRaw(): string | null {
  try {
    return window.sessionStorage.getItem(SESSION_STORE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): SessionStoreState {
  if (raw === null) return EMPTY;
  try {
    const value = JSON.parse(raw) as Partial<SessionStoreState>;
    return {
      count: Number.isInteger(value.count) && (value.count ?? 0) >= 0 ? (value.count ?? 0) : 0,
      last_error: typeof value.last_error === 'string' ? value.last_error : null,
      highlight_search: typeof value.highlight_search === 'string' ? value.highlight_search : '',
    };
  } catch {
    return EMPTY;
  }
}

export function readSessionStore(): SessionStoreState {
  const raw = readRaw();
  if (cached?.raw !== raw) cached = { raw, state: parse(raw) };
  return cached.state;
}

function update(change: (state: SessionStoreState) => SessionStoreState): void {
  const next = change(readSessionStore());
  try {
    window.sessionStorage.setItem(SESSION_STORE_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (private mode, quota): the session simply remembers nothing.
  }
  for (const listener of listeners) listener();
}

/** An error the user was shown: counted, and kept as the session's last error. */
export function recordSessionError(message: string): void {
  const text = message.trim().slice(0, MAX_ERROR_LENGTH);
  if (text === '') return;
  update((state) => ({ ...state, count: state.count + 1, last_error: text }));
}

/** The words of the latest search, highlighted in its results. */
export function setHighlightSearch(query: string): void {
  const text = query.trim().slice(0, 200);
  if (readSessionStore().highlight_search === text) return;
  update((state) => ({ ...state, highlight_search: text }));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionStore(): SessionStoreState {
  return useSyncExternalStore(subscribe, readSessionStore, () => EMPTY);
}
