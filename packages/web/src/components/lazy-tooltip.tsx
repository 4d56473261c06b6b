import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ComponentType, ReactElement } from 'react';

export type LazyTooltipProps = TooltipProps & { children: ReactElement };

let loaded: ComponentType<LazyTooltipProps> | undefined;
let loading: Promise<{ default: ComponentType<LazyTooltipProps> }> | undefined;

/** Loads the tooltip's chunk now: tooltips drawn afterwards have it from the start. */
export function preloadTooltip(): Promise<{ default: ComponentType<LazyTooltipProps> }> {
  loading ??= import('./tooltip-chunk').then((chunk) => {
    loaded = chunk.Tooltip;
    return { default: chunk.Tooltip };
  });
  return loading;
}

const TooltipChunk = lazy(preloadTooltip);

/**
 * A Mantine tooltip whose code (Floating UI, the portal, the transitions) is a chunk loaded
 * when the first tooltip is drawn, not part of a page's first load. Until then the target is
 * drawn alone, the same markup (a closed tooltip adds nothing to its target); it is mounted
 * anew under the tooltip once the chunk is in, moments after the page's first tooltip is drawn.
 */
export function LazyTooltip({ children, ...props }: LazyTooltipProps) {
  const Tooltip = loaded ?? TooltipChunk;
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
