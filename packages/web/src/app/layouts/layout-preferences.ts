import { useCallback, useState } from 'react';
import { createStoredValue, fromGuard } from '../../lib/storage';

/** Sidebar colours of spec §2, in menu order. */
export const SIDEBAR_COLORS = [
  'blue',
  'azure',
  'green',
  'orange',
  'red',
  'purple',
  'black',
] as const;
export type SidebarColor = (typeof SIDEBAR_COLORS)[number];
export const DEFAULT_SIDEBAR_COLOR: SidebarColor = 'black';

export const SIDEBAR_COLOR_LABELS: Record<SidebarColor, string> = {
  blue: 'Blue',
  azure: 'Azure',
  green: 'Green',
  orange: 'Orange',
  red: 'Red',
  purple: 'Purple',
  black: 'Black',
};

/** Swatch colours of the settings control (the sidebar's own gradients live in the CSS). */
export const SIDEBAR_SWATCHES: Record<SidebarColor, string> = {
  blue: '#1f4fbf',
  azure: '#1487c2',
  green: '#1a8a55',
  orange: '#d9661c',
  red: '#c2282f',
  purple: '#6236c2',
  black: '#151a23',
};

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isSidebarColor = (value: unknown): value is SidebarColor =>
  SIDEBAR_COLORS.some((color) => color === value);

export const layoutStorage = {
  sidebarOpen: createStoredValue('layout.sidebarOpen', fromGuard(isBoolean), true),
  sidebarMinimized: createStoredValue('layout.sidebarMinimized', fromGuard(isBoolean), false),
  sidebarColor: createStoredValue(
    'layout.sidebarColor',
    fromGuard(isSidebarColor),
    DEFAULT_SIDEBAR_COLOR,
  ),
};

export interface LayoutPreferences {
  /** Sidebar shown on desktop (phones use a drawer that always starts closed). */
  sidebarOpen: boolean;
  /** Icons only instead of icons and labels. */
  sidebarMinimized: boolean;
  sidebarColor: SidebarColor;
}

export interface LayoutPreferencesControls extends LayoutPreferences {
  setSidebarOpen: (open: boolean) => void;
  setSidebarMinimized: (minimized: boolean) => void;
  setSidebarColor: (color: SidebarColor) => void;
}

/** Whether the visitor keeps the defaults (what the server's first screen draws). */
export function hasDefaultLayout(): boolean {
  const { sidebarOpen, sidebarMinimized, sidebarColor } = readLayoutPreferences();
  return sidebarOpen && !sidebarMinimized && sidebarColor === DEFAULT_SIDEBAR_COLOR;
}

export function readLayoutPreferences(): LayoutPreferences {
  return {
    sidebarOpen: layoutStorage.sidebarOpen.get(),
    sidebarMinimized: layoutStorage.sidebarMinimized.get(),
    sidebarColor: layoutStorage.sidebarColor.get(),
  };
}

/** The three sidebar preferences, restored from and saved to localStorage. */
export function useLayoutPreferences(): LayoutPreferencesControls {
  const [preferences, setPreferences] = useState(readLayoutPreferences);

  const setSidebarOpen = useCallback((sidebarOpen: boolean) => {
    layoutStorage.sidebarOpen.set(sidebarOpen);
    setPreferences((current) => ({ ...current, sidebarOpen }));
  }, []);
  const setSidebarMinimized = useCallback((sidebarMinimized: boolean) => {
    layoutStorage.sidebarMinimized.set(sidebarMinimized);
    setPreferences((current) => ({ ...current, sidebarMinimized }));
  }, []);
  const setSidebarColor = useCallback((sidebarColor: SidebarColor) => {
    layoutStorage.sidebarColor.set(sidebarColor);
    setPreferences((current) => ({ ...current, sidebarColor }));
  }, []);

  return { ...preferences, setSidebarOpen, setSidebarMinimized, setSidebarColor };
}
