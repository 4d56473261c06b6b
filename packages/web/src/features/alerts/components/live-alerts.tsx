import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { liveAlertEventSchema, type LiveAlert } from '@app/shared/api/live';
import { liveClient, type LiveClient } from '../../../lib/live/live-client';
import { useLive } from '../../../lib/live/use-live';

/** At most this many alert toasts from one event; the rest are counted in the last one. */
export const MAX_ALERT_TOASTS = 3;
/** An alert toast stays this long (ms) unless closed; hovering keeps it. */
const ALERT_TOAST_MS = 12_000;

/** The toast's title: 'Defcon 1 alert · NASDAQ:AAPL, NYSE:JPM'. */
export function alertToastTitle(alert: LiveAlert): string {
  const symbols = alert.symbols.slice(0, 3).join(', ');
  return `Defcon ${String(alert.defcon_level)} alert${symbols === '' ? '' : ` · ${symbols}`}`;
}

/** Opens a page of the app (the toast renders outside the router, so it is handed in). */
type Go = (path: string) => void;

function AlertToastBody({ alert, more, go }: { alert: LiveAlert; more: number; go: Go }) {
  const path = `/news/view?id=${encodeURIComponent(alert.article_id)}`;
  return (
    <Stack gap={4}>
      <Text size="sm" lineClamp={3}>
        {alert.title}
      </Text>
      <Anchor
        href={path}
        size="sm"
        fw={600}
        onClick={(event) => {
          event.preventDefault();
          notifications.hide(`alert-${alert.article_id}`);
          go(path);
        }}
      >
        Read the article
      </Anchor>
      {more > 0 && (
        <Text size="xs" c="dimmed">
          and {more} more alert{more === 1 ? '' : 's'}
        </Text>
      )}
    </Stack>
  );
}

/** Shows one alert as a bottom-right toast with the bell icon (spec §8/§9 toasts). */
export function showAlertToast(alert: LiveAlert, go: Go, more = 0): void {
  notifications.show({
    id: `alert-${alert.article_id}`,
    color: alert.defcon_level <= 1 ? 'red' : 'orange',
    title: alertToastTitle(alert),
    message: <AlertToastBody alert={alert} more={more} go={go} />,
    position: 'bottom-right',
    autoClose: ALERT_TOAST_MS,
    icon: <IconBell size={18} aria-hidden />,
  });
}

/**
 * The signed-in user's instant alerts (`alerts` on the live stream, the caller's own)
 * arrive as in-app notifications while any page is open: one toast per story, at most three at
 * once. The admin's deliveries list refreshes too. Mounted once for signed-in users (root route),
 * from a chunk that may load after the bell opened the stream: the alerts the stream carried
 * before are replayed to it, since a live event is not sent twice.
 */
export function LiveAlerts({ client = liveClient }: { client?: LiveClient }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useLive(
    ['alerts'],
    ({ event, data }) => {
      if (event !== 'alerts') return;
      const parsed = liveAlertEventSchema.safeParse(data);
      if (!parsed.success) return;
      void queryClient.invalidateQueries({ queryKey: ['alerts', 'deliveries'] });
      const alerts = parsed.data.alerts ?? [];
      const shown = alerts.slice(0, MAX_ALERT_TOASTS);
      shown.forEach((alert, index) => {
        const more = index === shown.length - 1 ? alerts.length - shown.length : 0;
        showAlertToast(alert, (path) => void navigate(path), more);
      });
    },
    undefined,
    client,
    true,
  );
  return null;
}
