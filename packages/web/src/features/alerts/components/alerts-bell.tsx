import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { MY_ALERTS_UNREAD_MAX, type MyAlert } from '@app/shared/api/alerts';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { timeAgo } from '@app/shared/display/timeago';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/link';
import { liveClient, type LiveClient } from '../../../lib/live/live-client';
import { useMarkAlertsSeen, useMyAlerts, type MyAlerts } from '../api/my-alerts';
import classes from './alerts-bell.module.css';

/** The badge's text: the count, '99+' from 100 (the server counts to 100). */
export function unreadLabel(unread: number): string {
  return unread >= MY_ALERTS_UNREAD_MAX ? '99+' : String(unread);
}

function AlertRow({ alert, onOpen }: { alert: MyAlert; onOpen: (path: string) => void }) {
  const path = alert.link;
  return (
    <UnstyledButton
      className={classes.row}
      data-unread={alert.unread || undefined}
      onClick={() => onOpen(path)}
      aria-label={`${alert.unread ? 'Unread: ' : ''}${alert.title}`}
    >
      <Group gap={6} wrap="nowrap" mb={4}>
        {alert.defcon_level === null ? (
          <Badge size="xs" variant="light" color="blue">
            Your alert
          </Badge>
        ) : (
          <Badge size="xs" variant="light" color={alert.defcon_level <= 1 ? 'red' : 'orange'}>
            Defcon {alert.defcon_level}
          </Badge>
        )}
        {alert.symbols.length > 0 && (
          <Text size="xs" c="dimmed" truncate>
            {alert.symbols.join(', ')}
          </Text>
        )}
        <Text size="xs" c="dimmed" ml="auto" style={{ flexShrink: 0 }}>
          {timeAgo(alert.created_at)}
        </Text>
      </Group>
      <Text size="sm" fw={alert.unread ? 600 : 400} lineClamp={2}>
        {alert.title}
      </Text>
    </UnstyledButton>
  );
}

function BellBody({
  query,
  onOpen,
}: {
  query: ReturnType<typeof useMyAlerts>;
  onOpen: (path: string) => void;
}) {
  if (query.isPending) {
    return (
      <Group justify="center" gap="xs" p="lg">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading alerts...
        </Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Stack align="center" gap="xs" p="lg">
        <Text size="sm">Your alerts could not be loaded.</Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  const { alerts, instant } = query.data;
  if (alerts.length === 0) {
    return (
      <Stack gap={4} p="lg" align="center" ta="center">
        <Text size="sm" fw={600}>
          No alerts yet
        </Text>
        {instant ? (
          <Text size="xs" c="dimmed">
            You get an alert when a story about a company you hold or watch is rated defcon 1 or 2.
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            Instant alerts come with the{' '}
            <Anchor component={Link} to={PAGE_PATHS.pricing} size="xs">
              Standard plan
            </Anchor>
            .
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Stack gap={0}>
        {alerts.map((alert) => (
          <AlertRow key={alert.id} alert={alert} onOpen={onOpen} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/**
 * The alerts bell of the top bar (signed-in users): the unread count as a badge and a
 * menu of the latest alerts; a click opens the article, "Mark all as read" moves the caller's
 * watermark to the newest. Live: refreshed by the stream's `alerts` events.
 */
export function AlertsBell({ client = liveClient }: { client?: LiveClient }) {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const query = useMyAlerts(client);
  const markSeen = useMarkAlertsSeen();
  const data: MyAlerts | undefined = query.data;
  const unread = data?.unread ?? 0;
  const newest = data?.alerts[0];
  const label = unread > 0 ? `Alerts, ${unreadLabel(unread)} unread` : 'Alerts';

  const open = (path: string) => {
    setOpened(false);
    void navigate(path);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <Tooltip label="Alerts" disabled={opened}>
          <Indicator
            label={unreadLabel(unread)}
            disabled={unread === 0}
            size={16}
            offset={6}
            color="red"
            className={classes.indicator}
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
              aria-haspopup="dialog"
              aria-expanded={opened}
              onClick={() => setOpened((value) => !value)}
            >
              <IconBell size={20} stroke={1.7} aria-hidden="true" />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} className={classes.dropdown} aria-label="Alerts">
        <Group justify="space-between" px="md" py="xs" className={classes.header}>
          <Text fw={700} size="sm">
            Alerts
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={unread === 0 || !newest}
            loading={markSeen.isPending}
            onClick={() => newest && markSeen.mutate(newest.id)}
          >
            Mark all as read
          </Button>
        </Group>
        <BellBody query={query} onOpen={open} />
      </Popover.Dropdown>
    </Popover>
  );
}
