import { Notifications } from '@mantine/notifications';
import type { NotificationsProps } from '@mantine/notifications';

/** The notifications container as a chunk of its own (lazy-notifications.tsx). */
export function NotificationsHost(props: NotificationsProps) {
  return <Notifications {...props} />;
}
