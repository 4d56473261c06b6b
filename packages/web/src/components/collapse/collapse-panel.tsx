import { Collapse } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CollapsePanelProps {
  expanded: boolean;
  children: ReactNode;
}

/** Mantine's Collapse: the panel slides open and shut. */
export function CollapsePanel({ expanded, children }: CollapsePanelProps) {
  return <Collapse expanded={expanded}>{children}</Collapse>;
}
