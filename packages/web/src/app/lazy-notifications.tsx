import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const POSITION = 'bottom-right';
const LIMIT = 4;

const NotificationsChunk = lazy(async () => ({
  default: (await import('./notifications-host')).NotificationsHost,
}));

/**
 * Mantine's notifications container, loaded and mounted at the first toast. Its portal,
 * transitions and drag handling are code no first view draws. `notifications.show()` writes
 * to the store at once (its limit and position set here, as the container would set them), and
 * the container shows what the store holds once it is mounted.
 */
export function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [shown, setShown] = useState(false);
  if (!shown && notifications.length + queue.length > 0) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsChunk position={POSITION} limit={LIMIT} />
    </Suspense>
  );
}

notificationsStore.updateState((state) => ({
  ...state,
  defaultPosition: POSITION,
  limit: LIMIT,
}));
