import { Button, Group } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './article-card.module.css';

/**
 * Spec §4: the panels of an article card, one open at a time. Comments and Report join this list
 * (and the card's switch over the open panel) when they exist.
 */
export const ARTICLE_PANELS = [
  { id: 'share', label: 'Share', icon: IconShare },
] as const satisfies {
  id: string;
  label: string;
  icon: Icon;
}[];

export type ArticlePanelId = (typeof ARTICLE_PANELS)[number]['id'];

/** The open panel; opening one closes the other, and its own control closes it again. */
export function useArticlePanel() {
  const [openPanel, setOpenPanel] = useState<ArticlePanelId | null>(null);
  const toggle = (id: ArticlePanelId) => {
    setOpenPanel((current) => (current === id ? null : id));
  };
  return { openPanel, toggle };
}

export function articlePanelId(cardId: string, panel: ArticlePanelId): string {
  return `${cardId}-${panel}`;
}

/** The row of controls that open the card's panels. */
export function ArticlePanelButtons({
  cardId,
  openPanel,
  onToggle,
}: {
  cardId: string;
  openPanel: ArticlePanelId | null;
  onToggle: (id: ArticlePanelId) => void;
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
            {panel.label}
          </Button>
        );
      })}
    </Group>
  );
}
