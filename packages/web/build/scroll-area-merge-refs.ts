import type { Plugin } from 'vite';

/** Mantine's ScrollArea (also inside every Table, for `Table.ScrollContainer`). */
const SCROLL_AREA =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const FLOATING_IMPORT = 'import { useMergeRefs } from "@floating-ui/react";';

/**
 * Mantine's ScrollArea takes one helper from Floating UI, `useMergeRefs`, and Floating UI is one
 * module: a page with a table (markdown's tables, the company page's) loaded all of Floating UI
 * (15 KB gzipped) that only tooltips and popovers use, and those load on demand. The helper is
 * @mantine/hooks' `useMergedRef` (the same merge: callback refs with their cleanups, object refs),
 * which takes its refs as arguments instead of an array.
 */
export function scrollAreaMergeRefs(): Plugin {
  return {
    name: 'stockpulse:scroll-area-merge-refs',
    enforce: 'pre',
    transform(code, id) {
      if (!SCROLL_AREA.test(id.split('?')[0] ?? id)) return null;
      if (!code.includes(FLOATING_IMPORT)) {
        throw new Error(`scroll-area-merge-refs: ${id} no longer imports useMergeRefs as expected`);
      }
      return code.replace(
        FLOATING_IMPORT,
        'import { useMergedRef } from "@mantine/hooks";\n' +
          'const useMergeRefs = (refs) => useMergedRef(...refs);',
      );
    },
  };
}
