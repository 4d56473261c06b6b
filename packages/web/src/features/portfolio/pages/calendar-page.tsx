import { ActionIcon, Alert, Group, Skeleton, Stack, Title } from '@mantine/core';
import { formatMonth } from '@app/shared/display/dates';
import type { CalendarEvent } from '@app/shared/api/portfolio';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { SectionCard } from '../../../components/section-card';
import { useCalendarChanges, useCalendarEvents } from '../api/calendar';
import { AgendaView, MonthView } from '../components/calendar-views';
import { CalendarToolbar } from '../components/calendar-toolbar';
import type { CalendarViewMode } from '../components/calendar-toolbar';
import { EventDialog } from '../components/event-dialog';
import { PageHeader } from '../components/page-header';
import classes from '../components/portfolio.module.css';
import { isMonth, monthGridDays, monthOf, monthSpan, shiftMonth, todayIso } from '../dates';

/** The dialog: closed, a new event on a day, or one of the user's events. */
type Dialog = null | { event: CalendarEvent | null; day: string };

function phoneWidth(): boolean {
  return window.matchMedia('(max-width: 36em)').matches;
}

/**
 * /dashboard/calendar (spec §2; guard 'user'): earnings and dividend dates of the user's holdings
 * and watched companies, and their own events, by month or as an agenda (`?month=YYYY-MM`).
 */
export function CalendarPage() {
  const today = todayIso();
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = isMonth(asked) ? asked : monthOf(today);
  const [view, setView] = useState<CalendarViewMode>(() => (phoneWidth() ? 'agenda' : 'month'));
  const [dialog, setDialog] = useState<Dialog>(null);
  const grid = monthGridDays(month);
  const span =
    view === 'month' ? { from: grid[0] ?? today, to: grid.at(-1) ?? today } : monthSpan(month);
  const events = useCalendarEvents(span);
  useFailureToast(events.error, 'The calendar could not be loaded');
  const { save, remove } = useCalendarChanges();
  const titleId = useId();

  const goTo = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('month', next);
        return copy;
      },
      { replace: true },
    );

  const viewProps = {
    month,
    today,
    events: events.data ?? [],
    onEdit: (event: CalendarEvent) => setDialog({ event, day: event.date }),
    onAdd: (day: string) => setDialog({ event: null, day }),
  };

  return (
    <Stack gap="lg">
      <PageHeader title="Calendar">
        Earnings and dividend dates of the companies you hold and watch, and your own events.
      </PageHeader>
      <SectionCard labelledBy={titleId} className={classes.card}>
        <Group justify="space-between" gap="xs" mb="md">
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label="Previous month"
              onClick={() => goTo(shiftMonth(month, -1))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Title order={2} size="h4" id={titleId} miw={140} ta="center">
              {formatMonth(month)}
            </Title>
            <ActionIcon
              variant="subtle"
              aria-label="Next month"
              onClick={() => goTo(shiftMonth(month, 1))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          <CalendarToolbar
            view={view}
            onViewChange={setView}
            onNewEvent={() =>
              setDialog({ event: null, day: monthOf(today) === month ? today : `${month}-01` })
            }
          />
        </Group>
        {events.isError && !events.data && (
          <Alert color="red" title="The calendar could not be loaded" mb="sm">
            {events.error.message}
          </Alert>
        )}
        {events.isPending ? (
          <Skeleton height={360} radius="md" role="status" aria-label="Loading the calendar" />
        ) : view === 'month' ? (
          <MonthView {...viewProps} />
        ) : (
          <AgendaView {...viewProps} />
        )}
      </SectionCard>
      {dialog && (
        <EventDialog
          event={dialog.event}
          defaultDate={dialog.day}
          saving={save.isPending}
          removing={remove.isPending}
          onClose={() => setDialog(null)}
          onSave={(draft) =>
            save.mutate(draft, {
              onSuccess: () => {
                setDialog(null);
                showSuccessToast(draft.id ? 'Event saved' : 'Event added');
              },
              onError: (error) => showErrorToast(error.message, 'The event was not saved'),
            })
          }
          onRemove={(id) =>
            remove.mutate(id, {
              onSuccess: () => {
                setDialog(null);
                showSuccessToast('Event deleted');
              },
              onError: (error) => showErrorToast(error.message, 'The event was not deleted'),
            })
          }
        />
      )}
    </Stack>
  );
}
