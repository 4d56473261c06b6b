import type { PushDevice } from '@app/shared/api/push';
import { formatDateTime } from '@app/shared/display/dates';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  browserPushState,
  enableBrowserPush,
  unsubscribeThisBrowser,
  type PushSupport,
} from '../api/browser-push';
import {
  PUSH_DEVICES_QUERY_KEY,
  usePushDevices,
  useRemovePushDevice,
  useSendTestPush,
} from '../api/push-devices';
import { SectionCard } from '../../../components/section-card';

export const BROWSER_PUSH_TEXTS: Record<Exclude<PushSupport, 'available'>, string> = {
  unsupported: 'This browser cannot show notifications from websites.',
  denied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then reload.',
  'no-worker':
    'Browser notifications are not available here: the app’s service worker is not running (it runs in the built app, over HTTPS or on localhost).',
};

const BROWSER_STATE_KEY = ['push', 'this-browser'] as const;

function DeviceRow({
  device,
  thisBrowser,
  onRemove,
  removing,
}: {
  device: PushDevice;
  thisBrowser: boolean;
  onRemove: () => void;
  removing: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" component="li">
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} truncate>
            {device.label}
          </Text>
          {thisBrowser && (
            <Badge size="xs" variant="light">
              This browser
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Since {formatDateTime(device.created_at)}
        </Text>
        <Text size="xs" c="dimmed">
          {device.last_sent_at === null
            ? 'Nothing sent yet'
            : `Last sent ${formatDateTime(device.last_sent_at)}`}
        </Text>
      </Stack>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={onRemove}
        loading={removing}
        style={{ flexShrink: 0 }}
        aria-label={`Remove ${device.label}${thisBrowser ? ' (this browser)' : ''}`}
      >
        Remove
      </Button>
    </Group>
  );
}

/**
 * Browser notifications (Web Push): turn them on for this browser, send a test, see and remove
 * the browsers that get them. Alerts then reach these browsers beside e-mail and Telegram. What
 * stops a browser is said as it is: no support, blocked by the user, no service worker.
 */
export function BrowserNotificationsCard() {
  const queryClient = useQueryClient();
  const devices = usePushDevices();
  const state = useQuery({ queryKey: BROWSER_STATE_KEY, queryFn: browserPushState });
  const enable = useMutation({
    mutationFn: enableBrowserPush,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: BROWSER_STATE_KEY });
    },
  });
  const remove = useRemovePushDevice();
  const test = useSendTestPush();
  const endpoint = state.data?.endpoint;
  const list = devices.data ?? [];
  const isThisBrowser = (device: PushDevice) =>
    state.data?.hash !== undefined && device.endpoint_hash === state.data.hash;
  // On here: this browser has a subscription the server holds for this account.
  const enabledHere = list.some(isThisBrowser);

  const removeDevice = (device: PushDevice) => {
    remove.mutate(device.id, {
      onSuccess: () => {
        if (isThisBrowser(device) && endpoint) {
          void unsubscribeThisBrowser(endpoint).finally(() =>
            queryClient.invalidateQueries({ queryKey: BROWSER_STATE_KEY }),
          );
        }
      },
    });
  };

  const support = state.data?.support;
  return (
    <SectionCard labelledBy="browser-push">
      <Group gap="xs" mb={4}>
        <IconBell size={20} aria-hidden />
        <Title order={2} size="h4" id="browser-push">
          Browser notifications
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Instant alerts appear as notifications on the browsers you turn them on for, beside e-mail
        and Telegram. A click opens the article or quote.
      </Text>
      <Stack gap="sm">
        {state.isPending && <Loader size="sm" aria-label="Checking this browser" />}
        {support && support !== 'available' && (
          <Alert color={support === 'denied' ? 'orange' : 'gray'} role="status">
            {BROWSER_PUSH_TEXTS[support]}
          </Alert>
        )}
        {enable.isError && (
          <Alert color="red" role="alert">
            {enable.error.message}
          </Alert>
        )}
        <Group gap="sm">
          {support === 'available' && !enabledHere && (
            <Button onClick={() => enable.mutate()} loading={enable.isPending}>
              Turn on for this browser
            </Button>
          )}
          <Button
            variant="light"
            onClick={() => test.mutate()}
            loading={test.isPending}
            disabled={list.length === 0}
          >
            Send a test notification
          </Button>
        </Group>
        {devices.isError && <Alert color="red">{devices.error.message}</Alert>}
        {devices.data && list.length === 0 && (
          <Text size="sm" c="dimmed">
            No browser gets notifications yet.
          </Text>
        )}
        {list.length > 0 && (
          <Stack
            gap="xs"
            component="ul"
            aria-label="Browsers with notifications on"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {list.map((device) => (
              <DeviceRow
                key={device.id}
                device={device}
                thisBrowser={isThisBrowser(device)}
                onRemove={() => removeDevice(device)}
                removing={remove.isPending && remove.variables === device.id}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
