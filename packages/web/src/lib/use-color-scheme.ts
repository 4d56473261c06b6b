import type { MantineColorScheme } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import {
  readSetting,
  setColorScheme,
  subscribeToScheme,
  SYSTEM_DARK_QUERY,
  systemScheme,
} from './color-scheme';

/** The hooks of the colour scheme (`color-scheme.ts`), apart so a page's first load does not carry them. */

function subscribeToSystem(listener: () => void): () => void {
  const query = window.matchMedia(SYSTEM_DARK_QUERY);
  query.addEventListener('change', listener);
  return () => {
    query.removeEventListener('change', listener);
  };
}

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
  const system = useSyncExternalStore(subscribeToSystem, systemScheme, () => 'light' as const);
  return colorScheme === 'auto' ? system : colorScheme;
}
