import { tickerOf } from '@app/shared/symbols';
import { formatDay } from '@app/shared/display/dates';
import { Anchor, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CalendarEvent } from '@app/shared/api/portfolio';
import { Link } from '../../../components/link';
import { tickerPath } from '../../../lib/ticker-path';
import { monthGridDays, monthOf } from '../dates';
import classes from './portfolio.module.css';

export const KIND_LABELS: Record<CalendarEvent['kind'], string> = {
  earnings: 'Earnings',
  dividend: 'Dividend',
  user: 'My event',
};

const KIND_COLORS: Record<CalendarEvent['kind'], string> = {
  earnings: 'violet',
  dividend: 'teal',
  user: 'blue',
};

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export interface CalendarViewProps {
  month: string;
  today: string;
  events: readonly CalendarEvent[];
  /** Opens the dialog: a user's event to edit, or a day for a new one. */
  onEdit: (event: CalendarEvent) => void;
  onAdd: (day: string) => void;
}

function eventsByDay(events: readonly CalendarEvent[]): Map<string, CalendarEvent[]> {
  const byDay = new Map<string, CalendarEvent[]>();
  for (const event of events) byDay.set(event.date, [...(byDay.get(event.date) ?? []), event]);
  return byDay;
}

function EventChip({
  event,
  onEdit,
}: {
  event: CalendarEvent;
  onEdit: (e: CalendarEvent) => void;
}) {
  const color = KIND_COLORS[event.kind];
  const style = {
    background: `light-dark(var(--mantine-color-${color}-1), var(--mantine-color-${color}-9))`,
    color: `light-dark(var(--mantine-color-${color}-9), var(--mantine-color-${color}-1))`,
  };
  const label = `${KIND_LABELS[event.kind]}: ${event.title}`;
  if (event.kind === 'user' && event.id !== null) {
    return (
      <UnstyledButton
        className={classes.eventChip}
        style={style}
        onClick={() => onEdit(event)}
        aria-label={`Edit ${label}`}
        title={label}
      >
        {event.title}
      </UnstyledButton>
    );
  }
  return (
    <span className={classes.eventChip} style={style} title={label}>
      {event.symbol ? `${tickerOf(event.symbol)} · ${KIND_LABELS[event.kind]}` : event.title}
    </span>
  );
}

/** A month as a grid of weeks (Monday first), each day with its events. */
export function MonthView({ month, today, events, onEdit, onAdd }: CalendarViewProps) {
  const byDay = eventsByDay(events);
  return (
    <div className={classes.monthGrid} role="grid" aria-label="Month">
      {WEEKDAYS.map((weekday) => (
        <div key={weekday} className={classes.weekday} role="columnheader">
          {weekday}
        </div>
      ))}
      {monthGridDays(month).map((day) => (
        <div
          key={day}
          className={classes.dayCell}
          role="gridcell"
          aria-label={formatDay(day, { weekday: true })}
          data-outside={monthOf(day) !== month || undefined}
          data-today={day === today || undefined}
        >
          <UnstyledButton
            onClick={() => onAdd(day)}
            aria-label={`Add an event on ${formatDay(day, { weekday: true })}`}
            fz="xs"
            fw={600}
          >
            {Number(day.slice(8))}
          </UnstyledButton>
          {(byDay.get(day) ?? []).map((event, index) => (
            <EventChip
              key={event.id ?? `${event.kind}-${event.title}-${String(index)}`}
              event={event}
              onEdit={onEdit}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

/** The month's events as a list by day (the view that reads best on a phone). */
export function AgendaView({ events, today, onEdit }: CalendarViewProps) {
  const byDay = [...eventsByDay(events).entries()].sort(([a], [b]) => a.localeCompare(b));
  if (byDay.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md">
        No events this month.
      </Text>
    );
  }
  return (
    <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {byDay.map(([day, dayEvents]) => (
        <li key={day}>
          <Text size="sm" fw={700} c={day === today ? 'blue' : undefined}>
            {formatDay(day, { weekday: true })}
            {day === today ? ' · Today' : ''}
          </Text>
          <Stack gap={4} mt={4}>
            {dayEvents.map((event, index) => (
              <Group
                key={event.id ?? `${event.kind}-${event.title}-${String(index)}`}
                gap="xs"
                wrap="nowrap"
                align="flex-start"
              >
                <Badge
                  size="sm"
                  variant="light"
                  color={KIND_COLORS[event.kind]}
                  style={{ flex: 'none' }}
                >
                  {KIND_LABELS[event.kind]}
                </Badge>
                <div style={{ minWidth: 0 }}>
                  {event.kind === 'user' && event.id !== null ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => onEdit(event)}
                    >
                      {event.title}
                    </Anchor>
                  ) : (
                    <Text size="sm">{event.title}</Text>
                  )}
                  {event.symbol && (
                    <Anchor component={Link} to={tickerPath(event.symbol)} size="xs" ml={6}>
                      {event.symbol}
                    </Anchor>
                  )}
                  {event.note && (
                    <Text size="xs" c="dimmed">
                      {event.note}
                    </Text>
                  )}
                </div>
              </Group>
            ))}
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
