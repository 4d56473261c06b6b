import { ActionIcon, Burger, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link';
import { DeferredTooltip } from '../../components/deferred-tooltip';
import { useLogout } from '../../features/users/api/logout';
import { useStoredToken } from '../../lib/use-stored-token';
import { visibleTopBarLinks } from '../nav-visibility';
import { useCommunityLinks } from '../../features/users';
import { LayoutSettings } from './layout-settings';
import type { LayoutPreferencesControls } from './layout-preferences';
import classes from './top-bar.module.css';

// Signed-in users only: the bell's chunk stays out of what visitors load.
const AlertsBell = lazy(() =>
  import('../../features/alerts/components/alerts-bell').then((module) => ({
    default: module.AlertsBell,
  })),
);

export interface TopBarProps {
  title: string | undefined;
  search?: ReactNode;
  drawerOpened: boolean;
  onToggleDrawer: () => void;
  /** The phone's menu button, for the layout to give focus back to when the drawer closes. */
  drawerButtonRef?: Ref<HTMLButtonElement>;
  preferences: LayoutPreferencesControls;
}

export function TopBar({
  title,
  search,
  drawerOpened,
  onToggleDrawer,
  drawerButtonRef,
  preferences,
}: TopBarProps) {
  const token = useStoredToken();
  const signedIn = token !== null;
  const links = visibleTopBarLinks(signedIn);
  const navigate = useNavigate();
  const endSession = useLogout();
  const communityChat = useCommunityLinks()[0];

  const logout = () => {
    void endSession().then(() => navigate('/'));
  };

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" wrap="nowrap" className={classes.bar}>
      <Burger
        ref={drawerButtonRef}
        hiddenFrom="sm"
        size="sm"
        opened={drawerOpened}
        onClick={onToggleDrawer}
        aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
        aria-expanded={drawerOpened}
      />
      <Burger
        visibleFrom="sm"
        size="sm"
        opened={false}
        onClick={() => preferences.setSidebarOpen(!preferences.sidebarOpen)}
        aria-label={preferences.sidebarOpen ? 'Hide sidebar' : 'Show sidebar'}
        aria-expanded={preferences.sidebarOpen}
      />
      <Text component="div" className={classes.title} title={title}>
        {title}
      </Text>

      <div className={classes.search}>{search}</div>

      <Group gap={4} wrap="nowrap" component="nav" aria-label="Top bar">
        {links
          .filter((link) => link.display === 'text')
          .map((link) => (
            <Button
              key={link.path}
              component={Link}
              to={link.path}
              variant="subtle"
              color="gray"
              size="compact-md"
              className={classes.textLink}
              leftSection={<link.icon size={18} stroke={1.7} aria-hidden="true" />}
              aria-label={link.label}
            >
              <span className={classes.linkLabel}>{link.label}</span>
            </Button>
          ))}
        {communityChat && (
          <DeferredTooltip label={communityChat.label}>
            <ActionIcon
              component="a"
              href={communityChat.href}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`${communityChat.label} (opens in a new tab)`}
            >
              <communityChat.icon size={20} stroke={1.7} aria-hidden="true" />
            </ActionIcon>
          </DeferredTooltip>
        )}
        {signedIn && (
          <Suspense fallback={null}>
            <AlertsBell />
          </Suspense>
        )}
        {signedIn && (
          <Button
            variant="subtle"
            color="gray"
            size="compact-md"
            className={classes.textLink}
            leftSection={<IconLogout size={18} stroke={1.7} aria-hidden="true" />}
            onClick={logout}
            aria-label="Logout"
          >
            <span className={classes.linkLabel}>Logout</span>
          </Button>
        )}
        {links
          .filter((link) => link.display === 'icon')
          .map((link) => (
            <DeferredTooltip key={link.path} label={link.label}>
              <ActionIcon
                component={Link}
                to={link.path}
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={link.label}
              >
                <link.icon size={20} stroke={1.7} aria-hidden="true" />
              </ActionIcon>
            </DeferredTooltip>
          ))}
        <LayoutSettings preferences={preferences} />
      </Group>
    </Group>
  );
}
