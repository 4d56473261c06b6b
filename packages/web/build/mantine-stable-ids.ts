import type { Plugin } from 'vite';

/** The module of @mantine/hooks whose `useId` every Mantine component with an id calls. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` draws React's id (`mantine-«r1»`), then replaces it with a random
 * one in a layout effect, even when the component was given its own id. Each input, label,
 * segmented control, spoiler and the app shell so rendered again synchronously right after the
 * app's first commit — and after a hydration that commit also had to run every passive effect of
 * the page first: one long task (blocking time on a phone). React's own id is unique in the app's
 * one root and the same on the server, so it is kept: the same ids as Mantine's first render,
 * without the second.
 */
export function mantineStableIds(): Plugin {
  return {
    name: 'stockpulse:mantine-stable-ids',
    enforce: 'pre',
    load(id) {
      if (!MANTINE_USE_ID.test(id.split('?')[0] ?? id)) return null;
      return [
        "import { useId as useReactId } from 'react';",
        'export function useId(staticId) {',
        '  const reactId = useReactId();',
        "  if (typeof staticId === 'string') return staticId;",
        "  return `mantine-${reactId.replace(/:/g, '')}`;",
        '}',
      ].join('\n');
    },
  };
}
