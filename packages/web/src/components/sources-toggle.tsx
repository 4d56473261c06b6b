import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * "Sources (n)": a button that shows the list of what an AI text cites, closed at first so that
 * the text reads on its own (its `[n]` markers link to the sources). Closed, the list is not
 * drawn at all (a feed of cards, each with its sources, stays light); `opened` is the caller's,
 * so a marker may open it.
 */
export function SourcesToggle({
  listId,
  count,
  opened,
  onToggle,
  children,
}: {
  /** The id of the list `children` draws (the button's `aria-controls`). */
  listId: string;
  count: number;
  opened: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={onToggle}
        aria-expanded={opened}
        aria-controls={listId}
      >
        Sources ({count})
      </Button>
      {opened && children}
    </div>
  );
}
