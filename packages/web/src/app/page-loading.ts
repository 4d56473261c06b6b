import { useSyncExternalStore } from 'react';

/*
 * Which page chunks a navigation waits for. A navigation to a page whose chunk is not loaded yet
 * renders in a transition that suspends on it: the current page stays on screen meanwhile, and
 * the root route draws a progress bar while this count is above zero.
 */

let pending = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/**
 * Counts `load` as a page load until it settles. Called while React renders (a lazy page's first
 * render), so the readers hear of it a microtask later: a store may not change during a render.
 */
export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  pending += 1;
  queueMicrotask(notify);
  return load.finally(() => {
    pending -= 1;
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const isLoading = () => pending > 0;
const nothingLoadsOnServer = () => false;

/** Whether a page chunk is loading for a navigation. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(subscribe, isLoading, nothingLoadsOnServer);
}
