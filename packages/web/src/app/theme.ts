import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

/** A blue-tinted dark palette: reads as a trading terminal rather than a neutral grey. */
const dark: MantineColorsTuple = [
  '#dfe5ee',
  '#b4bece',
  '#8390a5',
  '#5d6a80',
  '#3a4457',
  '#2b3344',
  '#1f2633',
  '#161c27',
  '#11161f',
  '#0b0f16',
];

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 5 },
  colors: { dark },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
  headings: {
    fontFamily:
      'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  other: { productName: 'StockPulse' },
});

/** Light pages sit on a faint blue-grey so white cards stand out. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-body': '#f4f6fa', '--app-surface': '#ffffff' },
  dark: {
    '--mantine-color-body': 'var(--mantine-color-dark-8)',
    '--app-surface': 'var(--mantine-color-dark-7)',
  },
});
