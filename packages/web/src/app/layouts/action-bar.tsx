import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './action-bar.module.css';

export interface ActionBarProps {
  description?: string;
  /** The search box (search issue). */
  search?: ReactNode;
}

/** Slim bar under the top bar; hidden when the route meta says noActionBar. */
export function ActionBar({ description, search }: ActionBarProps) {
  return (
    <div className={classes.bar} data-testid="action-bar">
      <Text size="sm" c="dimmed" className={classes.description}>
        {description}
      </Text>
      {/* null: a search box hidden at this width, its place kept (main-layout.tsx). */}
      {(search || search === null) && <div className={classes.search}>{search}</div>}
    </div>
  );
}
