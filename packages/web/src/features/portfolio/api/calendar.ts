import { calendarEventResponseSchema, calendarResponseSchema } from '@app/shared/api/portfolio';
import type { CalendarEvent, CalendarEventInput } from '@app/shared/api/portfolio';
import { deletedResponse } from '@app/shared/api/envelope';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api-client';
import { CALENDAR_QUERY_KEY } from './portfolio-query-keys';

/** A span of calendar days, both ends included (`YYYY-MM-DD`). */
export interface DaySpan {
  from: string;
  to: string;
}

/** GET /calendar/events?from&to: earnings, dividends and the user's own events, by date. */
export async function fetchCalendarEvents(
  span: DaySpan,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const { events } = await apiGet(
    '/calendar/events',
    { from: span.from, to: span.to },
    { schema: calendarResponseSchema, signal },
  );
  return events;
}

export function calendarQueryOptions(span: DaySpan) {
  return queryOptions({
    queryKey: [...CALENDAR_QUERY_KEY, span.from, span.to] as const,
    queryFn: ({ signal }) => fetchCalendarEvents(span, signal),
  });
}

export function useCalendarEvents(span: DaySpan, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...calendarQueryOptions(span), enabled });
}

/** What the event dialog saves: a new event, or (with `id`) a change to one. */
export interface EventDraft {
  id: string | null;
  input: CalendarEventInput;
}

/** POST /calendar/events/create or /calendar/events/update/{id}. */
export async function saveCalendarEvent({ id, input }: EventDraft): Promise<CalendarEvent> {
  const path =
    id === null ? '/calendar/events/create' : `/calendar/events/update/${encodeURIComponent(id)}`;
  const { event } = await apiPost(path, input, { schema: calendarEventResponseSchema });
  return event;
}

const removedSchema = deletedResponse({ id: z.string() });

/** GET /calendar/events/rm/{id}. */
export async function removeCalendarEvent(id: string): Promise<void> {
  await apiGet(`/calendar/events/rm/${encodeURIComponent(id)}`, undefined, {
    schema: removedSchema,
  });
}

/** Saves or removes a user's event, then reloads every calendar span shown. */
export function useCalendarChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_KEY });
  const save = useMutation({ mutationFn: saveCalendarEvent, onSuccess: refresh });
  const remove = useMutation({ mutationFn: removeCalendarEvent, onSuccess: refresh });
  return { save, remove };
}
