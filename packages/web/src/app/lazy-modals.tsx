import { lazy, Suspense, useEffect, useState } from 'react';
import { OPEN_EVENTS, replayed } from './modal-events';

const ModalsChunk = lazy(async () => ({ default: (await import('./modals-host')).ModalsHost }));

/**
 * Mantine's modals (`modals.open…` from `@mantine/modals`), mounted at the first modal asked
 * for. `ModalsProvider` keeps a closed `Modal` mounted — focus return, scroll lock,
 * reduced-motion media query, transition — whose effects ran in the app's first commit on every
 * page. Until a modal is asked for, only the listeners of its open events exist; the events that
 * mount it are given again to the provider once it listens. No component reads the provider's
 * context (`useModals`), so it needs not wrap the app; its code is a chunk loaded then.
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
    <Suspense fallback={null}>
      <ModalsChunk events={events} />
    </Suspense>
  );
}
