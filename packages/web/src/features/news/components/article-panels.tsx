import { Button, Group } from '@mantine/core';
import { IconFlag, IconMessageCircle, IconShare } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './article-card.module.css';

/** Spec §4: the panels of an article card (comments, share, report), one open at a time. */
export const ARTICLE_PANELS = [
  { id: 'comments', label: 'Comments', icon: IconMessageCircle },
  { id: 'share', label: 'Share', icon: IconShare },
  { id: 'report', label: 'Report', icon: IconFlag },
] as const satisfies {
  id: string;
  label: string;
  icon: Icon;
}[];

export type ArticlePanelId = (typeof ARTICLE_PANELS)[number]['id'];

/** The comments control: 'Comments (3)' with comments, 'Comment' without. */
export function commentsLabel(count: number): string {
  return count > 0 ? `Comments (${String(count)})` : 'Comment';
}

/** The open panel; opening one closes the other, and its own control closes it again. */
export function useArticlePanel() {
  const [openPanel, setOpenPanel] = useState<ArticlePanelId | null>(null);
  const toggle = (id: ArticlePanelId) => {
    setOpenPanel((current) => (current === id ? null : id));
  };
  const close = () => setOpenPanel(null);
  return { openPanel, toggle, close };
}

export function articlePanelId(cardId: string, panel: ArticlePanelId): string {
  return `${cardId}-${panel}`;
}

/** The row of controls that open the card's panels. */
export function ArticlePanelButtons({
  cardId,
  openPanel,
  onToggle,
  commentCount,
}: {
  cardId: string;
  openPanel: ArticlePanelId | null;
  onToggle: (id: ArticlePanelId) => void;
  /** The article's comments (`no_comments`), for the comments control's label. */
  commentCount: number;
}) {
  return (
    <Group gap={4} className={classes.actions}>
      {ARTICLE_PANELS.map((panel) => {
        const open = openPanel === panel.id;
        return (
          <Button
            key={panel.id}
            variant={open ? 'light' : 'subtle'}
            size="compact-sm"
            leftSection={<panel.icon size={14} aria-hidden />}
            aria-expanded={open}
            aria-controls={open ? articlePanelId(cardId, panel.id) : undefined}
            onClick={() => {
              onToggle(panel.id);
            }}
          >
            {panel.id === 'comments' ? commentsLabel(commentCount) : panel.label}
          </Button>
        );
      })}
    </Group>
  );
}
