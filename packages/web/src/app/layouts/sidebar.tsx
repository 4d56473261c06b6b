import { Box, CloseButton, UnstyledButton } from '@mantine/core';
import {
  IconExternalLink,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Fragment, memo } from 'react';
import { Link, NavLink } from '../../components/link';
import { BrandLogo } from '../../components/brand-logo';
import { visibleSidebarItems } from '../sidebar-nav';
import { useCommunityLinks } from '../../features/users';
import type { NavItem, NavSection } from '../navigation';
import { useViewer } from '../../features/users/viewer';
import { MinimizedTooltip } from './minimized-tooltip';
import { SidebarStateContext } from './sidebar-state';
import classes from './sidebar.module.css';

export interface SidebarProps {
  minimized: boolean;
  userMenu?: ReactNode;
  /** Called after a link is followed (closes the phone drawer). */
  onNavigate: () => void;
  onToggleMinimized: () => void;
}

function groupBySection(items: NavItem[]): [NavSection, NavItem[]][] {
  const groups = new Map<NavSection, NavItem[]>();
  for (const item of items) groups.set(item.section, [...(groups.get(item.section) ?? []), item]);
  return [...groups.entries()];
}

/** A section's name, or a plain divider when the sidebar shows icons only. */
function SectionHeading({ title, minimized }: { title: string; minimized: boolean }) {
  return minimized ? (
    <div className={classes.sectionDivider} role="presentation" />
  ) : (
    <div className={classes.sectionTitle}>{title}</div>
  );
}

/** A link that leaves the product: a new tab, said so to screen readers and by its icon. */
function ExternalNavLink({
  href,
  label,
  icon: LinkIcon,
}: {
  href: string;
  label: string;
  icon: Icon;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={classes.link}
      aria-label={`${label} (opens in a new tab)`}
    >
      <LinkIcon className={classes.icon} size={22} stroke={1.6} aria-hidden="true" />
      <span className={classes.label}>{label}</span>
      <IconExternalLink className={classes.external} size={14} aria-hidden="true" />
    </a>
  );
}

/**
 * Spec §2 sidebar. Memoised: the layout around it renders again right after
 * hydration (the visitor's width) and with the phone drawer; its links need not.
 */
export const Sidebar = memo(function Sidebar({
  minimized,
  userMenu,
  onNavigate,
  onToggleMinimized,
}: SidebarProps) {
  const sections = groupBySection(visibleSidebarItems(useViewer()));
  const communityLinks = useCommunityLinks();

  return (
    <div className={classes.sidebar} data-minimized={minimized || undefined}>
      <div className={classes.brand}>
        <Link
          to="/"
          className={classes.brandLink}
          aria-label="StockPulse home"
          onClick={onNavigate}
        >
          <BrandLogo compact={minimized} inverted />
        </Link>
        <CloseButton
          hiddenFrom="sm"
          variant="transparent"
          className={classes.close}
          aria-label="Close navigation"
          onClick={onNavigate}
        />
      </div>

      {userMenu && (
        // Following a link of the user menu closes the phone drawer, as the other links do.
        <div
          className={classes.userMenu}
          onClickCapture={(event) => {
            if (event.target instanceof Element && event.target.closest('a')) onNavigate();
          }}
        >
          <SidebarStateContext value={{ minimized }}>{userMenu}</SidebarStateContext>
        </div>
      )}

      {/* Native scrolling: Mantine's ScrollArea measured itself and set state right
          after the first commit, a synchronous re-render of the whole menu on a phone. */}
      <div className={classes.scroll}>
        {sections.map(([section, items]) => (
          <Fragment key={section}>
            <SectionHeading title={section} minimized={minimized} />
            <ul className={classes.list}>
              {items.map((item) => (
                <li key={item.path}>
                  <MinimizedTooltip label={item.label} minimized={minimized}>
                    {item.external ? (
                      <ExternalNavLink href={item.path} label={item.label} icon={item.icon} />
                    ) : (
                      <NavLink
                        to={item.path}
                        className={classes.link}
                        aria-label={minimized ? item.label : undefined}
                        onClick={onNavigate}
                      >
                        <item.icon
                          className={classes.icon}
                          size={22}
                          stroke={1.6}
                          aria-hidden="true"
                        />
                        <span className={classes.label}>{item.label}</span>
                      </NavLink>
                    )}
                  </MinimizedTooltip>
                </li>
              ))}
            </ul>
          </Fragment>
        ))}

        {communityLinks.length > 0 && (
          <>
            <SectionHeading title="Community" minimized={minimized} />
            <ul className={classes.list}>
              {communityLinks.map((link) => (
                <li key={link.href}>
                  <MinimizedTooltip label={link.label} minimized={minimized}>
                    <ExternalNavLink href={link.href} label={link.label} icon={link.icon} />
                  </MinimizedTooltip>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      <Box visibleFrom="sm" className={classes.footer}>
        <UnstyledButton
          className={classes.link}
          onClick={onToggleMinimized}
          aria-label={minimized ? 'Expand sidebar' : 'Collapse sidebar to icons'}
        >
          {minimized ? (
            <IconLayoutSidebarLeftExpand className={classes.icon} size={22} stroke={1.6} />
          ) : (
            <IconLayoutSidebarLeftCollapse className={classes.icon} size={22} stroke={1.6} />
          )}
          <span className={classes.label}>Collapse</span>
        </UnstyledButton>
      </Box>
    </div>
  );
});
