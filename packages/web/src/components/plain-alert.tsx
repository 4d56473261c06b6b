import type { MantineColor } from '@mantine/core';
import { useId } from 'react';
import type { CSSProperties, ReactNode } from 'react';

export interface PlainAlertProps {
  /** A theme colour (its light variant, as Mantine's Alert draws by default). */
  color: MantineColor;
  title?: ReactNode;
  role?: string;
  children: ReactNode;
}

/**
 * Mantine's Alert (light variant, no icon, no close button) as its markup, with Mantine's classes
 * so that its stylesheet draws it: for the messages a page's first load may show (a feed that
 * could not load, an article not found), whose Alert brought its close button along (about
 * 1.6 KB gzipped) into every feed, article and company page. `plain-alert.test.tsx` holds the
 * markup equal to Alert's, so a Mantine upgrade that changes it fails there.
 */
export function PlainAlert({ color, title, role, children }: PlainAlertProps) {
  const id = `mantine-${useId()}`;
  const hasTitle = title !== undefined && title !== null && title !== false;
  return (
    <div
      style={
        {
          '--alert-bg': `var(--mantine-color-${color}-light)`,
          '--alert-color': `var(--mantine-color-${color}-light-color)`,
          '--alert-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
        } as CSSProperties
      }
      className="m_66836ed3 mantine-Alert-root"
      id={id}
      role={role}
      aria-describedby={`${id}-body`}
      aria-labelledby={hasTitle ? `${id}-title` : undefined}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        <div className="m_667c2793 mantine-Alert-body">
          {hasTitle && (
            <div className="m_6a03f287 mantine-Alert-title">
              <span id={`${id}-title`} className="m_698f4f23 mantine-Alert-label">
                {title}
              </span>
            </div>
          )}
          <div id={`${id}-body`} className="m_7fa78076 mantine-Alert-message">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
