import { Group, Pagination } from '@mantine/core';
import { pageWindow } from '../lib/pagination';

export interface PageLinksProps {
  /** 1-based current page. */
  page: number;
  /** Number of pages. */
  count: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark ("Users pages"). */
  label: string;
}

/** First / previous / five page links / next / last (spec §9 pagination). */
export function PageLinks({ page, count, onChange, label }: PageLinksProps) {
  if (count <= 1) return null;
  return (
    <Pagination.Root
      total={count}
      value={page}
      onChange={onChange}
      size="sm"
      role="navigation"
      aria-label={label}
    >
      <Group gap={6}>
        <Pagination.First aria-label="First page" />
        <Pagination.Previous aria-label="Previous page" />
        {pageWindow(page, count).map((number) => (
          <Pagination.Control
            key={number}
            active={number === page}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => onChange(number)}
          >
            {number}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label="Next page" />
        <Pagination.Last aria-label="Last page" />
      </Group>
    </Pagination.Root>
  );
}

/** The page links centred under a card's list, on the last page when `page` is past it; nothing for one page. */
export function CardPageLinks({ page, count, onChange, label }: PageLinksProps) {
  if (count <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <PageLinks page={Math.min(page, count)} count={count} onChange={onChange} label={label} />
    </Group>
  );
}
