import type { ScreenerField } from '@app/shared/api/screener';
import { Anchor, Checkbox, Group, MultiSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '../../../components/link';
import { useScreenerFacets } from '../api/screener-get';
import { readFlag, readList, readRange, withFlag, withList, withRange } from '../screener-params';
import { RangeFilter } from './range-filter';

/** The range filters, in the order of the panel. */
export const RANGE_FILTERS: {
  field: ScreenerField;
  label: string;
  unit?: string;
  scale?: number;
}[] = [
  { field: 'price', label: 'Price' },
  { field: 'market_cap', label: 'Market cap', unit: 'billions', scale: 1e-9 },
  { field: 'change_pct_1', label: 'Day change', unit: '%' },
  { field: 'change_pct_8', label: 'Week change', unit: '%' },
  { field: 'change_pct_31', label: 'Month change', unit: '%' },
  { field: 'change_pct_365', label: 'Year change', unit: '%' },
  { field: 'from_high_pct', label: 'From 52-week high', unit: '%' },
  { field: 'from_low_pct', label: 'From 52-week low', unit: '%' },
  { field: 'avg_volume', label: 'Average volume', unit: 'millions', scale: 1e-6 },
  { field: 'dividend_yield', label: 'Dividend yield', unit: '%' },
  { field: 'pe_ratio', label: 'P/E' },
  { field: 'news_count_7d', label: 'News, 7 days', unit: 'articles' },
  { field: 'sentiment_7d', label: 'Sentiment, 7 days', unit: '−10 … +10' },
];

export interface ScreenerFiltersProps {
  params: URLSearchParams;
  /** Changes the URL's query: the change gets the query as it is at that moment. */
  onChange: (change: (current: URLSearchParams) => URLSearchParams) => void;
  loggedIn: boolean;
}

/** Every filter of the screener, each reading and writing the page's URL. */
export function ScreenerFilters({ params, onChange, loggedIn }: ScreenerFiltersProps) {
  const facets = useScreenerFacets();
  const sectors = readList(params, 'sector');
  const industries = (facets.data?.industries ?? []).filter(
    (item) => sectors.length === 0 || sectors.includes(item.sector),
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <MultiSelect
          size="xs"
          label="Sector"
          placeholder={sectors.length ? undefined : 'Any sector'}
          data={facets.data?.sectors ?? []}
          value={sectors}
          onChange={(values) => onChange((current) => withList(current, 'sector', values))}
          searchable
          clearable
        />
        <MultiSelect
          size="xs"
          label="Industry"
          placeholder={readList(params, 'industry').length ? undefined : 'Any industry'}
          data={[...new Set(industries.map((item) => item.industry))]}
          value={readList(params, 'industry')}
          onChange={(values) => onChange((current) => withList(current, 'industry', values))}
          searchable
          clearable
        />
        <MultiSelect
          size="xs"
          label="Exchange"
          placeholder={readList(params, 'exchange').length ? undefined : 'Any exchange'}
          data={facets.data?.exchanges ?? []}
          value={readList(params, 'exchange')}
          onChange={(values) => onChange((current) => withList(current, 'exchange', values))}
          clearable
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" verticalSpacing="sm">
        {RANGE_FILTERS.map((filter) => {
          const { min, max } = readRange(params, filter.field);
          return (
            <RangeFilter
              key={filter.field}
              {...filter}
              min={min}
              max={max}
              onChange={(low, high) =>
                onChange((current) => withRange(current, filter.field, low, high))
              }
            />
          );
        })}
      </SimpleGrid>
      {loggedIn ? (
        <Group gap="lg">
          <Checkbox
            label="In my watchlist"
            checked={readFlag(params, 'in_watchlist')}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              onChange((current) => withFlag(current, 'in_watchlist', on));
            }}
          />
          <Checkbox
            label="In my portfolio"
            checked={readFlag(params, 'in_portfolio')}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              onChange((current) => withFlag(current, 'in_portfolio', on));
            }}
          />
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to="/login">
            Log in
          </Anchor>{' '}
          to screen your watchlist and portfolio and to save screens.
        </Text>
      )}
    </Stack>
  );
}
