import type { MantineColorScheme } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { readSetting, setColorScheme, subscribeToScheme } from './color-scheme';

/** The hooks of the colour scheme (`color-scheme.ts`), apart so a page's first load does not carry them. */

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystem(listener: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', listener);
  return () => {
    query.removeEventListener('change', listener);
  };
}

const systemIsDark = () => window.matchMedia(DARK_QUERY).matches;

/** The chosen scheme ('auto' follows the system) and its setter; re-renders on a change. */
export function useColorSchemeSetting(): {
  colorScheme: MantineColorScheme;
  setColorScheme: (setting: MantineColorScheme) => void;
} {
  const colorScheme = useSyncExternalStore(subscribeToScheme, readSetting, () => 'auto' as const);
  return { colorScheme, setColorScheme };
}

/** The scheme in use, 'auto' resolved by the system's preference; re-renders on a change. */
export function useComputedScheme(): 'light' | 'dark' {
  const { colorScheme } = useColorSchemeSetting();
  const dark = useSyncExternalStore(subscribeToSystem, systemIsDark, () => false);
  if (colorScheme !== 'auto') return colorScheme;
  return dark ? 'dark' : 'light';
}
