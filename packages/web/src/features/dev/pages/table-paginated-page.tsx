import { Group, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { PageLinks } from '../../../components/page-links';
import { pageCount, pageSlice } from '../../../lib/pagination';
import { DemoSection, GalleryPage } from '../components/gallery-page';
import { DEMO_COMPANIES } from '../demo-data';
import { DEMO_PAGE_SIZES, isDemoPageSize, pagingReducer } from '../rules';
import { DemoCompaniesTable } from '../components/demo-companies-table';

export function TablePaginatedPage() {
  const [query, setQuery] = useState('');
  const rows = useMemo(() => {
    const words = query.trim().toLowerCase();
    return words === ''
      ? DEMO_COMPANIES
      : DEMO_COMPANIES.filter((company) =>
          `${company.symbol} ${company.name} ${company.sector}`.toLowerCase().includes(words),
        );
  }, [query]);
  const [paging, dispatch] = useReducer(pagingReducer, {
    page: 1,
    pageSize: 10,
    total: rows.length,
  });
  // Spec §4: a new total (the filter) goes back to page 1.
  useEffect(() => {
    dispatch({ type: 'total', total: rows.length });
  }, [rows.length]);
  const count = pageCount(paging.total, paging.pageSize);
  const shown = pageSlice(rows, paging.page, paging.pageSize);
  return (
    <GalleryPage
      group="Tables"
      title="Paginated table"
      intro="lib/pagination.ts and the PageLinks component: five page links, sizes 5/10/25/50, and back to page 1 when the page size or the total (type a filter) changes."
    >
      <DemoSection id="table-paginated" title={`${paging.total} demo companies`}>
        <Group gap="sm" align="end">
          <TextInput
            label="Filter"
            placeholder="Symbol, name or sector"
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <Select
            label="Rows per page"
            w={130}
            allowDeselect={false}
            data={DEMO_PAGE_SIZES.map(String)}
            value={String(paging.pageSize)}
            onChange={(value) => {
              const size = Number(value);
              if (isDemoPageSize(size)) dispatch({ type: 'pageSize', pageSize: size });
            }}
          />
        </Group>
        <DemoCompaniesTable companies={shown} minWidth={480} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Page {paging.page} of {count}
          </Text>
          <PageLinks
            page={paging.page}
            count={count}
            label="Demo companies pages"
            onChange={(page) => dispatch({ type: 'page', page })}
          />
        </Group>
      </DemoSection>
    </GalleryPage>
  );
}
