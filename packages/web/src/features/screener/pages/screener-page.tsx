import { SCREENER_PRESETS } from '@app/shared/api/screener';
import { formatDateTime } from '@app/shared/display/dates';
import {
  Alert,
  Button,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useViewer } from '../../users';
import { useScreener } from '../api/screener-get';
import { SavedScreens } from '../components/saved-screens';
import { ScreenerFilters } from '../components/screener-filters';
import { ScreenerTable } from '../components/screener-table';
import {
  PAGE_SIZE,
  apiQuery,
  hasFilters,
  readPage,
  readSort,
  withPage,
  withSort,
} from '../screener-params';

/**
 * /screener: listings filtered and sorted by any figure, paged. The URL holds the query in the
 * API's own language, so a screen can be bookmarked, shared and saved by name.
 */
export function ScreenerPage() {
  const [params, setParams] = useSearchParams();
  const viewer = useViewer();
  const query = apiQuery(params);
  const results = useScreener(query);
  const current = params.toString();
  // Changes start from the address bar as it is now, not from this render's copy: a click right
  // after a filter's delayed write would otherwise drop that filter.
  const update = (change: (current: URLSearchParams) => URLSearchParams) =>
    setParams(change(new URLSearchParams(window.location.search)));
  const apply = (next: URLSearchParams) => setParams(next);
  const total = results.data?.total ?? 0;
  // On a phone the filters fold away so the results come first; open on wider screens.
  const phone = useMediaQuery('(max-width: 48em)');
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  const showFilters = filtersOpen ?? !phone;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Stock screener
        </Title>
        <Text c="dimmed" mt={4}>
          Filter the listed companies by price, size, momentum, distance from the 52-week range,
          dividends, valuation and this week&apos;s news, then sort by any column.
        </Text>
      </div>

      <Group gap="xs" role="group" aria-label="Preset screens">
        {SCREENER_PRESETS.map((preset) => (
          <Button
            key={preset.id}
            size="xs"
            radius="xl"
            variant={current === preset.query ? 'filled' : 'light'}
            onClick={() => apply(new URLSearchParams(preset.query))}
          >
            {preset.label}
          </Button>
        ))}
        {hasFilters(params) && (
          <Button
            size="xs"
            radius="xl"
            variant="subtle"
            color="gray"
            leftSection={<IconFilterOff size={14} aria-hidden />}
            onClick={() => apply(new URLSearchParams())}
          >
            Clear filters
          </Button>
        )}
      </Group>

      <Card withBorder radius="md" padding="md">
        <Button
          variant="subtle"
          size="xs"
          px={0}
          mb={showFilters ? 'sm' : 0}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          aria-expanded={showFilters}
          onClick={() => setFiltersOpen(!showFilters)}
        >
          {showFilters ? 'Hide filters' : 'Show filters'}
        </Button>
        {showFilters && (
          <ScreenerFilters params={params} onChange={update} loggedIn={viewer.loggedIn} />
        )}
      </Card>

      {viewer.loggedIn && (
        <SavedScreens query={current} onOpen={(saved) => apply(new URLSearchParams(saved))} />
      )}

      {results.isError && (
        <Alert color="red" title="The screen could not be run">
          {results.error.message}
        </Alert>
      )}
      {results.isPending && (
        <Stack gap="xs" role="status" aria-label="Loading the screen">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} height={36} radius="sm" />
          ))}
        </Stack>
      )}
      {results.data && (
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm" aria-live="polite">
              {total.toLocaleString('en-US')} {total === 1 ? 'match' : 'matches'}
            </Text>
            <Text size="xs" c="dimmed">
              {results.data.computed_at === null
                ? 'The figures have not been computed yet.'
                : `Figures as of ${formatDateTime(results.data.computed_at)}`}
            </Text>
          </Group>
          {results.data.listings.length === 0 ? (
            <Text c="dimmed">No listing matches this screen.</Text>
          ) : (
            <ScreenerTable
              rows={results.data.listings}
              sort={readSort(params)}
              onSort={(field, text) => update((current) => withSort(current, field, text))}
            />
          )}
          {total > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(total / PAGE_SIZE)}
              value={readPage(params)}
              onChange={(page) => update((current) => withPage(current, page))}
              size="sm"
              siblings={1}
              getControlProps={(control) => ({
                'aria-label': control === 'next' ? 'Next page' : 'Previous page',
              })}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
