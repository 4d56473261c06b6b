import { useState } from 'react';
import type { ReactNode } from 'react';
import { deferredComponent } from '../../lib/deferred-component';
import type { CollapsePanelProps } from './collapse-panel';

/** The panel without its slide while Mantine's Collapse loads, or if it cannot. */
function PlainPanel({ expanded, children }: CollapsePanelProps) {
  return expanded ? <div>{children}</div> : null;
}

const { Component: CollapseChunk, preload } = deferredComponent<CollapsePanelProps>(
  () => import('./collapse-panel').then((module) => module.CollapsePanel),
  { fallback: PlainPanel, unavailable: PlainPanel },
);

/**
 * A panel that a button opens (a card's sources): Mantine's Collapse, whose code (about 2 KB
 * gzipped with its height transitions) is not part of a page's first load. Until the visitor
 * points at, focuses or opens the button (`engage`, which also starts the download so that the
 * first opening slides too), a closed panel draws nothing; an opening before the code is in
 * shows the panel at once.
 */
export function useDeferredCollapse(expanded: boolean) {
  const [engaged, setEngaged] = useState(false);
  if (expanded && !engaged) setEngaged(true);
  const engage = () => {
    void preload();
    setEngaged(true);
  };
  const panel = (children: ReactNode) =>
    engaged ? <CollapseChunk expanded={expanded}>{children}</CollapseChunk> : null;
  return { engage, panel };
}
