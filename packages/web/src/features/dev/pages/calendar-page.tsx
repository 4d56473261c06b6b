import { Text } from '@mantine/core';
import type { CalendarEvent } from '@app/shared/api/portfolio';
import { useState } from 'react';
import { showSuccessToast } from '../../../lib/toast';
import { SectionCard, SectionCardHeader } from '../../../components/section-card';
import { AgendaView, CalendarToolbar, EventDialog, MonthView } from '../../portfolio';
import type { CalendarViewMode, EventDraft } from '../../portfolio';
import { GalleryPage } from '../components/gallery-page';
import { DEMO_MONTH, DEMO_TODAY } from '../demo-data';
import { canAddEvent } from '../rules';

const INITIAL_EVENTS: CalendarEvent[] = [
  {
    id: null,
    kind: 'earnings',
    date: '2026-03-05',
    title: 'ATLA earnings',
    note: '',
    symbol: 'ATLA',
    reason: 'holding',
    source: 'demo',
  },
  {
    id: null,
    kind: 'dividend',
    date: '2026-03-16',
    title: 'BEAB dividend',
    note: '',
    symbol: 'BEAB',
    reason: 'watchlist',
    source: 'demo',
  },
  {
    id: 'demo-1',
    kind: 'user',
    date: '2026-03-12',
    title: 'Rebalance',
    note: 'Check the weights',
    symbol: null,
    reason: 'own',
    source: 'user',
  },
];

/** Spec §5: the create-event dialog adds an event only when a title is entered. */
export function addDemoEvent(events: readonly CalendarEvent[], draft: EventDraft): CalendarEvent[] {
  if (!canAddEvent(draft.input.title)) return [...events];
  const event: CalendarEvent = {
    id: draft.id ?? `demo-${events.length + 1}`,
    kind: 'user',
    date: draft.input.date,
    title: draft.input.title.trim(),
    note: draft.input.note ?? '',
    symbol: draft.input.symbol ?? null,
    reason: 'own',
    source: 'user',
  };
  return [...events.filter((existing) => existing.id !== event.id || event.id === null), event];
}

export function CalendarPage() {
  const [events, setEvents] = useState(INITIAL_EVENTS);
  const [view, setView] = useState<CalendarViewMode>('month');
  const [dialog, setDialog] = useState<{ event: CalendarEvent | null; day: string } | null>(null);
  const viewProps = {
    month: DEMO_MONTH,
    today: DEMO_TODAY,
    events,
    onEdit: (event: CalendarEvent) => setDialog({ event, day: event.date }),
    onAdd: (day: string) => setDialog({ event: null, day }),
  };
  return (
    <GalleryPage
      group="Pages"
      title="Calendar"
      intro="The dashboard's calendar (month and agenda views, the event dialog) on a fixed demo month; events stay in this page."
    >
      <SectionCard labelledBy="demo-calendar-title">
        <SectionCardHeader id="demo-calendar-title" title="March 2026" gap="xs" mb="md">
          <CalendarToolbar
            view={view}
            onViewChange={setView}
            onNewEvent={() => setDialog({ event: null, day: DEMO_TODAY })}
          />
        </SectionCardHeader>
        {view === 'month' ? <MonthView {...viewProps} /> : <AgendaView {...viewProps} />}
      </SectionCard>
      <Text size="xs" c="dimmed">
        Sample content: nothing is saved.
      </Text>
      {dialog && (
        <EventDialog
          event={dialog.event}
          defaultDate={dialog.day}
          saving={false}
          removing={false}
          onSave={(draft) => {
            setEvents((current) => addDemoEvent(current, draft));
            setDialog(null);
            showSuccessToast('The event was added to the demo calendar.');
          }}
          onRemove={(id) => {
            setEvents((current) => current.filter((event) => event.id !== id));
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </GalleryPage>
  );
}
