import { Tooltip } from '@mantine/core';
import type { TooltipProps } from '@mantine/core';
import { cloneElement, useState } from 'react';
import type { MouseEvent, ReactElement } from 'react';

interface HoverTarget {
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
}

export type HoverTooltipProps = Omit<TooltipProps, 'children' | 'events' | 'defaultOpened'> & {
  children: ReactElement<HoverTarget>;
};

/**
 * A Mantine tooltip shown on hover (Mantine's default events), mounted from the first time the
 * pointer enters its target. Issue 18: a mounted Mantine tooltip — even closed — runs Floating
 * UI, whose reference ref sets state in a layout effect: a synchronous second render right after
 * the page's first commit (hydration), for every tooltip of the screen, in the same long task on
 * a phone. Until the first hover the target is rendered alone (a closed tooltip adds nothing to
 * its markup); that hover mounts the tooltip already open, and from then on it behaves as
 * Mantine's own.
 */
export function HoverTooltip({ children, ...props }: HoverTooltipProps) {
  const [hovered, setHovered] = useState(false);
  if (hovered) {
    return (
      <Tooltip {...props} defaultOpened>
        {children}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      children.props.onMouseEnter?.(event);
      setHovered(true);
    },
  });
}
