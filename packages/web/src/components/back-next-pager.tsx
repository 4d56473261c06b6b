import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export interface BackNextPagerProps {
  /** 1-based. */
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  /** Names the navigation landmark, e.g. 'News pages'. */
  label: string;
  /** Next waits while the current page loads. */
  busy?: boolean;
}

/** Spec §4 pagination-mode lists: Back and Next replace the page; the page number between them. */
export function BackNextPager({ page, hasNext, onPage, label, busy = false }: BackNextPagerProps) {
  return (
    <Group justify="space-between" component="nav" aria-label={label}>
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Back
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        Page {page}
      </Text>
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={!hasNext || busy}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
