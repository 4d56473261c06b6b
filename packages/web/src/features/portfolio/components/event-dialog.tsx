import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { CalendarEvent } from '@app/shared/api/portfolio';
import { useState } from 'react';
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
 * entered, so the add button stays disabled until there is one.
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
  const [title, setTitle] = useState(event?.title ?? '');
  const [date, setDate] = useState(event?.date ?? defaultDate);
  const [note, setNote] = useState(event?.note ?? '');
  const [symbol, setSymbol] = useState(event?.symbol ?? '');
  const ready = title.trim() !== '' && /^\d{4}-\d{2}-\d{2}$/.test(date);

  const submit = (formEvent: SubmitEvent) => {
    formEvent.preventDefault();
    if (!ready) return;
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
            value={title}
            onChange={(change) => setTitle(change.currentTarget.value)}
          />
          <TextInput
            label="Date"
            type="date"
            required
            value={date}
            onChange={(change) => setDate(change.currentTarget.value)}
          />
          <TextInput
            label="Ticker"
            description="Optional, e.g. NASDAQ:AAPL"
            maxLength={40}
            value={symbol}
            onChange={(change) => setSymbol(change.currentTarget.value)}
          />
          <Textarea
            label="Note"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            value={note}
            onChange={(change) => setNote(change.currentTarget.value)}
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
