import type { ReactElement } from 'react';
import { LazyTooltip } from '../../components/lazy-tooltip';

/**
 * The label of a menu link as a tooltip, only while the menu is minimized (its labels hidden).
 * A disabled Mantine tooltip still mounts its positioning (Floating UI), portal and
 * transition, whose layout effects re-rendered the menu right after the app's first commit — for
 * every link of the sidebar, in one long task on a phone. Unminimized, the link is rendered
 * alone (the same markup: a closed tooltip adds nothing to its target).
 */
export function MinimizedTooltip({
  minimized,
  label,
  children,
}: {
  minimized: boolean;
  label: string;
  children: ReactElement;
}) {
  if (!minimized) return children;
  return (
    <LazyTooltip label={label} position="right" withArrow>
      {children}
    </LazyTooltip>
  );
}
