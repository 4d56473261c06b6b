import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import type { Location } from 'react-router';

/** Where the positions of this tab's history entries are kept across a reload. */
const STORAGE_KEY = 'stockpulse-scroll-positions';
/** Positions kept: the entries a reader may still go back to. */
const MAX_POSITIONS = 200;
/** The key react-router gives an entry it did not create: the first page a tab loaded. */
const FIRST_ENTRY_KEY = 'default';

/**
 * The entry a position belongs to. Every fresh load's first entry has the same key, so its
 * address is part of it: a reload of that page returns to where it was, another page typed into
 * the tab starts at its top.
 */
function entryKey({ key, pathname, search }: Location): string {
  return key === FIRST_ENTRY_KEY ? `${key} ${pathname}${search}` : key;
}

function readPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(stored)) return new Map();
    return new Map(
      stored.filter(
        (entry): entry is [string, number] =>
          Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
      ),
    );
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_POSITIONS)));
  } catch {
    // Storage full or refused (private mode): positions are kept for this page's life only.
  }
}

function scrollToHash(hash: string): boolean {
  if (hash.length <= 1) return false;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: the id as written.
  }
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView();
  return true;
}

/**
 * Scroll as a reader expects of pages: back and forward return to where the page was left
 * (also after a reload of the tab), a link to `#id` scrolls to that element, any other new
 * page starts at the top. The position of each history entry is recorded as the page scrolls,
 * so it is known whenever the entry is left.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const key = entryKey(location);
  const currentKey = useRef(key);

  useEffect(() => {
    positions.current ??= readPositions();
    const saved = positions.current;
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const record = () => {
      saved.delete(currentKey.current);
      saved.set(currentKey.current, window.scrollY);
    };
    const persist = () => {
      record();
      writePositions(saved);
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    if (currentKey.current === key) {
      // The first render: a reloaded tab returns to where it was, a link to `#id` goes there.
      const saved = (positions.current ??= readPositions()).get(key);
      if (saved !== undefined) window.scrollTo(0, saved);
      else scrollToHash(location.hash);
      return;
    }
    currentKey.current = key;
    if (navigationType === NavigationType.Pop) {
      const saved = positions.current?.get(key);
      if (saved !== undefined) {
        window.scrollTo(0, saved);
        return;
      }
    }
    if (scrollToHash(location.hash)) return;
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [key, location.hash, navigationType]);
}
