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
  // Shade 8: white labels on filled buttons keep a 5:1 contrast (shade 7 gives 4.2:1, 5 gives 3:1).
  primaryShade: { light: 8, dark: 8 },
  // Labels on filled colours turn dark on light fills: either way at least 4.5:1.
  autoContrast: true,
  luminanceThreshold: 0.18,
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
  components: {
    // A labelled loader is a live status (an aria-label on a bare span is not allowed).
    Loader: { defaultProps: { role: 'status' } },
  },
});

/**
 * Text colours for light pages that keep WCAG AA contrast (4.5:1) on the page, on white cards and
 * on each colour's own light tint (badges): Mantine's defaults (gray 6 dimmed text, shade 7
 * coloured text, shade 9 on light badges) measure 2.8–4.4:1. Each is the colour's shade darkened
 * until it passes.
 */
const LIGHT_TEXT: Record<string, string> = {
  gray: '#5a6168',
  blue: '#165993',
  green: '#256f32',
  red: '#a03434',
  orange: '#984c0c',
  yellow: '#875f03',
  teal: '#0b6e50',
  cyan: '#0d6976',
  lime: '#497111',
  grape: '#813395',
  violet: '#5a3bb3',
  indigo: '#344ba7',
  pink: '#9c3257',
};

const lightTextVariables = Object.fromEntries(
  Object.entries(LIGHT_TEXT).flatMap(([name, color]) => [
    [`--mantine-color-${name}-text`, color],
    [`--mantine-color-${name}-light-color`, color],
  ]),
);

/** Light pages sit on a faint blue-grey so white cards stand out. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-body': '#f4f6fa',
    '--app-surface': '#ffffff',
    '--mantine-color-dimmed': LIGHT_TEXT.gray ?? '',
    '--mantine-color-anchor': LIGHT_TEXT.blue ?? '',
    ...lightTextVariables,
  },
  dark: {
    // Dark 2 measures 4.0:1 on coloured tints (alerts); this lighter grey keeps 4.5:1.
    '--mantine-color-dimmed': '#9ca8bb',
    '--mantine-color-body': 'var(--mantine-color-dark-8)',
    '--app-surface': 'var(--mantine-color-dark-7)',
  },
});
