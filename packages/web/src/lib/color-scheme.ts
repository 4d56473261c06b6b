import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/*
 * The colour scheme lives here, not in Mantine's provider. Mantine keeps it in the provider's
 * state and hands it to every component in the one context object they all read: switching
 * between light and dark re-rendered every Mantine component on the page (a feed grown to 40
 * cards: one task of about 490 ms at 4× CPU before the click was answered). The colours follow
 * the `data-mantine-color-scheme` attribute in CSS, so a switch only has to set the attribute
 * and store the choice; the few components that draw with the scheme themselves (the charts'
 * canvases, the scheme's own control) read it through `use-color-scheme.ts` and re-render alone.
 * Mantine's provider learns the scheme in use at mount (`colorSchemeManager`) and never changes
 * it; ESLint keeps Mantine's own scheme hooks out of the app, as they would not follow a switch.
 * `public/color-scheme.js` applies the stored choice before the first paint and follows the
 * system's scheme while the choice is 'auto'.
 */

/** Mantine's key, which `public/color-scheme.js` reads too. */
const STORAGE_KEY = 'mantine-color-scheme-value';

const listeners = new Set<() => void>();

/** The stored choice: 'auto' (the system's scheme) unless 'light' or 'dark' was chosen. */
export function readSetting(): MantineColorScheme {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'auto';
  } catch {
    return 'auto';
  }
}

/** The system's (browser's) preference. */
export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

/** The scheme the system prefers now. */
export function systemScheme(): 'light' | 'dark' {
  return window.matchMedia(SYSTEM_DARK_QUERY).matches ? 'dark' : 'light';
}

function applySetting(setting: MantineColorScheme): void {
  document.documentElement.setAttribute(
    'data-mantine-color-scheme',
    setting === 'auto' ? systemScheme() : setting,
  );
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** A choice made in another tab applies here too. */
function onStorage(event: StorageEvent): void {
  if (event.key !== STORAGE_KEY) return;
  applySetting(readSetting());
  notify();
}

/**
 * For MantineProvider: the scheme in use at mount ('auto' resolved, so the provider's own system
 * listener stays idle), and no updates afterwards. Mantine subscribes once, at mount: that is
 * when this module starts following other tabs.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  get: (defaultValue) => {
    // The server draws first screens with the same provider: it knows no choice.
    if (typeof window === 'undefined') return defaultValue;
    const setting = readSetting();
    return setting === 'auto' ? systemScheme() : setting;
  },
  set: () => undefined,
  subscribe: () => {
    window.addEventListener('storage', onStorage);
  },
  unsubscribe: () => {
    window.removeEventListener('storage', onStorage);
  },
  clear: () => undefined,
};

/**
 * Stores the choice and tells the readers at once; the page's colours change in the next frame,
 * with transitions off for a moment so nothing animates its colours. Changing the attribute in
 * the click's own task made the scheme's control, which measures itself as it re-renders,
 * recalculate the whole page's style inside that task (a feed of 40 cards at 4× CPU: 150–180 ms
 * before the click was answered); in the frame the recalculation is a task of its own.
 */
export function setColorScheme(setting: MantineColorScheme): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, setting);
  } catch {
    // No storage (a private window's quota): the scheme applies to this page only.
  }
  notify();
  window.requestAnimationFrame(() => {
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(still);
    applySetting(setting);
    window.setTimeout(() => {
      still.remove();
    }, 10);
  });
}

/** Calls `listener` whenever the choice changes (here or in another tab). */
export function subscribeToScheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
