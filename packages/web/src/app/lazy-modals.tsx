import { ModalsProvider } from '@mantine/modals';
import { useEffect, useState } from 'react';

/** The `modals.*` calls that show a modal: window events of @mantine/modals. */
const OPEN_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map(
  (name) => `mantine-modals:${name}`,
);

/** Events already given again to the mounted provider (StrictMode runs effects twice). */
const replayed = new WeakSet<Event>();

function Replay({ events }: { events: readonly CustomEvent[] }) {
  useEffect(() => {
    // The provider's listeners are set in its layout effect, which runs before this one.
    for (const event of events) {
      if (replayed.has(event)) continue;
      replayed.add(event);
      window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail as unknown }));
    }
  }, [events]);
  return null;
}

/**
 * Mantine's modals (`modals.open…` from `@mantine/modals`), mounted at the first modal asked
 * for. `ModalsProvider` keeps a closed `Modal` mounted — focus return, scroll lock,
 * reduced-motion media query, transition — whose effects ran in the app's first commit on every
 * page. Until a modal is asked for, only the listeners of its open events exist; the events that
 * mount it are given again to the provider once it listens. No component reads the provider's
 * context (`useModals`), so it needs not wrap the app.
 */
export function LazyModals() {
  const [events, setEvents] = useState<readonly CustomEvent[] | null>(null);
  useEffect(() => {
    if (events) return;
    const queued: CustomEvent[] = [];
    const onOpen = (event: Event) => {
      if (!(event instanceof CustomEvent) || replayed.has(event)) return;
      queued.push(event);
      setEvents([...queued]);
    };
    for (const type of OPEN_EVENTS) window.addEventListener(type, onOpen);
    return () => {
      for (const type of OPEN_EVENTS) window.removeEventListener(type, onOpen);
    };
  }, [events]);
  if (!events) return null;
  return (
    <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
      <Replay events={events} />
    </ModalsProvider>
  );
}
