import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { replayed } from './modal-events';

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

/** Mantine's modals provider with the open events it missed (lazy-modals.tsx), a chunk of its own. */
export function ModalsHost({ events }: { events: readonly CustomEvent[] }) {
  return (
    <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
      <Replay events={events} />
    </ModalsProvider>
  );
}
