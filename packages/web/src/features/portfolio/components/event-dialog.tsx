import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { calendarEventInputSchema, type CalendarEvent } from '@app/shared/api/portfolio';
import { schemaResolver, useForm } from '@mantine/form';
import type { SubmitEvent } from 'react';
import type { EventDraft } from '../api/calendar';

export interface EventDialogProps {
  /** The user's event being edited, or null for a new one. */
  event: CalendarEvent | null;
  /** The day a new event starts on. */
  defaultDate: string;
  saving: boolean;
  removing: boolean;
  onSave: (draft: EventDraft) => void;
  onRemove: (id: string) => void;
  onClose: () => void;
}

/**
 * The create/edit dialog of a user's event. Spec §5: an event is added only when a title is
 * entered, so the add button stays disabled until the shared event schema accepts the fields.
 */
export function EventDialog({
  event,
  defaultDate,
  saving,
  removing,
  onSave,
  onRemove,
  onClose,
}: EventDialogProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      title: event?.title ?? '',
      date: event?.date ?? defaultDate,
      note: event?.note ?? '',
      symbol: event?.symbol ?? '',
    },
    validate: schemaResolver(calendarEventInputSchema, { sync: true }),
  });
  // The button says whether the event can be saved; no message is shown (as before the form).
  const ready = form.isValid();

  const submit = (formEvent: SubmitEvent) => {
    formEvent.preventDefault();
    if (!ready) return;
    const { title, date, note, symbol } = form.getValues();
    const trimmedSymbol = symbol.trim().toUpperCase();
    onSave({
      id: event?.id ?? null,
      input: {
        title: title.trim(),
        date,
        note: note.trim(),
        ...(trimmedSymbol ? { symbol: trimmedSymbol } : {}),
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={event ? 'Edit event' : 'New event'} centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            data-autofocus
            maxLength={200}
            {...form.getInputProps('title')}
          />
          <TextInput label="Date" type="date" required {...form.getInputProps('date')} />
          <TextInput
            label="Ticker"
            description="Optional, e.g. NASDAQ:AAPL"
            maxLength={40}
            {...form.getInputProps('symbol')}
          />
          <Textarea
            label="Note"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            {...form.getInputProps('note')}
          />
          <Group justify="space-between" mt="xs">
            {event?.id ? (
              <Button
                color="red"
                variant="subtle"
                loading={removing}
                onClick={() => {
                  if (event.id) onRemove(event.id);
                }}
              >
                Delete
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!ready} loading={saving}>
                {event ? 'Save' : 'Add event'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
