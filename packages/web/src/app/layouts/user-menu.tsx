import { Avatar, Collapse, Indicator, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { useNavigate } from 'react-router';
import { NavLink } from '../../components/link';
import { MinimizedTooltip } from './minimized-tooltip';
import { useSidebarState } from './sidebar-state';
import { visibleLinks } from '../nav-visibility';
import { USER_MENU_LINKS } from '../navigation';
import { RepliesCountBadge, useUnreadReplies } from '../../features/comments';
import { useCurrentUser } from '../../features/users/api/current-user';
import { useLogout } from '../../features/users/api/logout';
import { fullName, initials, PLACEHOLDER_NAME } from '../../features/users/stored-user';
import { viewerOf } from '../../features/users/viewer';
import classes from './user-menu.module.css';

/**
 * Spec §2 user menu at the top of the sidebar: avatar and name, which open ADMIN (admins), User
 * Profile, Replies (with the unread count, also on the avatar), Referrals, Upgrade Subscription
 * (subscribers) and Logout. Nothing for visitors.
 */
export function UserMenu() {
  const { token, user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const { minimized } = useSidebarState();
  const [opened, setOpened] = useState(false);
  const linksId = useId();
  const unreadReplies = useUnreadReplies().data?.count ?? 0;
  if (token === null) return null;

  const person = user ?? PLACEHOLDER_NAME;
  const name = fullName(person);
  const links = visibleLinks(viewerOf(true, user), USER_MENU_LINKS);

  return (
    <nav className={classes.menu} aria-label="User menu" data-minimized={minimized || undefined}>
      <MinimizedTooltip label={name} minimized={minimized}>
        <UnstyledButton
          className={classes.toggle}
          onClick={() => setOpened((current) => !current)}
          aria-expanded={opened}
          aria-controls={linksId}
          aria-label={`${name}: account menu${unreadReplies > 0 ? `, ${String(unreadReplies)} unread replies` : ''}`}
        >
          <Indicator
            color="red"
            size={10}
            offset={4}
            withBorder
            disabled={unreadReplies === 0}
            aria-hidden="true"
          >
            <Avatar size={38} radius="xl" color="blue" variant="filled" className={classes.avatar}>
              {initials({ ...person, username: user?.username })}
            </Avatar>
          </Indicator>
          <span className={classes.name}>{name}</span>
          <IconChevronDown
            size={16}
            className={classes.chevron}
            data-opened={opened || undefined}
            aria-hidden="true"
          />
        </UnstyledButton>
      </MinimizedTooltip>
      <Collapse expanded={opened} id={linksId}>
        <ul className={classes.list}>
          {links.map((link) => (
            <li key={link.path}>
              <MinimizedTooltip label={link.label} minimized={minimized}>
                <NavLink
                  to={link.path}
                  className={classes.link}
                  aria-label={minimized ? link.label : undefined}
                >
                  <link.icon size={20} stroke={1.6} className={classes.icon} aria-hidden="true" />
                  <span className={classes.label}>{link.label}</span>
                  {link.path === PAGE_PATHS.replies && !minimized && (
                    <RepliesCountBadge size="xs" />
                  )}
                </NavLink>
              </MinimizedTooltip>
            </li>
          ))}
          <li>
            <UnstyledButton
              className={classes.link}
              onClick={() => void logout().then(() => navigate('/'))}
              aria-label={minimized ? 'Logout' : undefined}
              title={minimized ? 'Logout' : undefined}
            >
              <IconLogout size={20} stroke={1.6} className={classes.icon} aria-hidden="true" />
              <span className={classes.label}>Logout</span>
            </UnstyledButton>
          </li>
        </ul>
      </Collapse>
    </nav>
  );
}
