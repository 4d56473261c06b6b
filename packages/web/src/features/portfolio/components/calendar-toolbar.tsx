import { Button, Group, SegmentedControl } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

export type CalendarViewMode = 'month' | 'agenda';

/** The calendar's view switch (month or agenda) and its 'New event' button. */
export function CalendarToolbar({
  view,
  onViewChange,
  onNewEvent,
}: {
  view: CalendarViewMode;
  onViewChange: (view: CalendarViewMode) => void;
  onNewEvent: () => void;
}) {
  return (
    <Group gap="xs">
      <SegmentedControl
        size="xs"
        value={view}
        onChange={(value) => onViewChange(value === 'agenda' ? 'agenda' : 'month')}
        data={[
          { value: 'month', label: 'Month' },
          { value: 'agenda', label: 'Agenda' },
        ]}
        aria-label="Calendar view"
      />
      <Button
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden="true" />}
        onClick={onNewEvent}
      >
        New event
      </Button>
    </Group>
  );
}
