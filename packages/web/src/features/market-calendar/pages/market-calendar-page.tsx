import {
  Alert,
  Box,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { CalendarScope } from '@app/shared/api/market-calendar';
import { CALENDAR_SCOPES } from '@app/shared/api/market-calendar';
import { addIsoDays } from '@app/shared/dates';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { DemoDataBadge } from '../../market';
import { useCurrentUser } from '../../users';
import { useMarketWeek } from '../api/market-calendar';
import type { WeekKind } from '../api/market-calendar';
import { EventCard } from '../components/event-card';
import { dayLabel } from '../components/event-format';
import { FeedLink } from '../components/feed-link';

const SCOPE_LABELS: Record<CalendarScope, string> = {
  all: 'Whole market',
  watchlist: 'My watchlist',
  holdings: 'My holdings',
};
const TITLES: Record<WeekKind, string> = {
  earnings: 'Earnings calendar',
  dividends: 'Dividend calendar',
};
const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * /calendar/earnings and /calendar/dividends: one week, Monday to Friday, as day columns (a list
 * on phones), for the whole market or the user's watchlist or holdings, by sector. The week,
 * scope and sector live in the URL, so a view can be bookmarked and shared.
 */
export function MarketCalendarPage({ kind }: { kind: WeekKind }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { token } = useCurrentUser();
  const loggedIn = token !== null;
  const askedScope = params.get('scope');
  const scope: CalendarScope =
    loggedIn && CALENDAR_SCOPES.includes(askedScope as CalendarScope)
      ? (askedScope as CalendarScope)
      : 'all';
  const week = params.get('week');
  const sector = params.get('sector');
  const query = useMarketWeek({ kind, week: isDay(week) ? week : null, scope, sector });
  useFailureToast(query.error, 'The calendar could not be loaded');
  const data = query.data;

  const set = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
      return next;
    });
  const shownWeek = data?.week ?? null;
  const byDay = (day: string) => (data?.events ?? []).filter((e) => e.date === day);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Group gap="xs">
            <Title order={1} size="h2">
              {TITLES[kind]}
            </Title>
            {data && <DemoDataBadge source={data.source} />}
          </Group>
          <Text c="dimmed" size="sm">
            {kind === 'earnings'
              ? 'Who reports this week, before the open or after the close, and how results compared with estimates.'
              : 'Ex-dividend dates this week, with the amount, record and pay dates.'}
          </Text>
        </div>
        <SegmentedControl
          aria-label="Calendar"
          value={kind}
          onChange={(value) =>
            void navigate({ pathname: `/calendar/${value}`, search: params.toString() })
          }
          data={[
            { value: 'earnings', label: 'Earnings' },
            { value: 'dividends', label: 'Dividends' },
          ]}
        />
      </Group>

      <Group gap="sm" wrap="wrap" align="flex-end">
        <Group gap={4} wrap="nowrap">
          <Button
            variant="default"
            size="xs"
            aria-label="Previous week"
            disabled={!shownWeek}
            onClick={() => shownWeek && set('week', addIsoDays(shownWeek, -7))}
          >
            <IconChevronLeft size={16} aria-hidden="true" />
          </Button>
          <Text
            fw={600}
            size="sm"
            miw={150}
            ta="center"
            style={{ whiteSpace: 'nowrap' }}
            data-testid="calendar-week"
          >
            {shownWeek ? `Week of ${dayLabel(shownWeek)}` : 'Loading…'}
          </Text>
          <Button
            variant="default"
            size="xs"
            aria-label="Next week"
            disabled={!shownWeek}
            onClick={() => shownWeek && set('week', addIsoDays(shownWeek, 7))}
          >
            <IconChevronRight size={16} aria-hidden="true" />
          </Button>
        </Group>
        <Button variant="subtle" size="xs" onClick={() => set('week', null)}>
          This week
        </Button>
        <Select
          label="Companies"
          size="xs"
          w={170}
          value={scope}
          allowDeselect={false}
          onChange={(value) => set('scope', value === 'all' ? null : value)}
          data={CALENDAR_SCOPES.map((value) => ({
            value,
            label: SCOPE_LABELS[value],
            disabled: value !== 'all' && !loggedIn,
          }))}
        />
        <Select
          label="Sector"
          size="xs"
          w={220}
          placeholder="All sectors"
          clearable
          value={sector}
          onChange={(value) => set('sector', value)}
          data={[...new Set([...(data?.sectors ?? []), ...(sector ? [sector] : [])])]}
        />
      </Group>
      {!loggedIn && (
        <Text size="xs" c="dimmed">
          <Link to="/login">Log in</Link> to see only your watchlist or holdings.
        </Text>
      )}

      {query.isPending && <Skeleton height={240} radius="md" />}
      {query.isError && <Alert color="red">{query.error.message}</Alert>}
      {data && data.events.length === 0 && (
        <Alert color="gray" title="Nothing this week">
          No {kind === 'earnings' ? 'results' : 'ex-dividend dates'} are scheduled for these
          companies this week.
        </Alert>
      )}
      {data && data.events.length > 0 && (
        <>
          <Box visibleFrom="md">
            <SimpleGrid cols={5} spacing="sm" data-testid="calendar-columns">
              {data.days.map((day) => (
                <Stack key={day} gap="xs" aria-label={dayLabel(day)} role="group">
                  <Text fw={600} size="sm">
                    {dayLabel(day)}
                  </Text>
                  {byDay(day).map((event) => (
                    <EventCard key={`${event.symbol}-${event.kind}`} event={event} />
                  ))}
                  {byDay(day).length === 0 && (
                    <Text size="xs" c="dimmed">
                      None
                    </Text>
                  )}
                </Stack>
              ))}
            </SimpleGrid>
          </Box>
          <Stack hiddenFrom="md" gap="md" data-testid="calendar-list">
            {data.days
              .filter((day) => byDay(day).length > 0)
              .map((day) => (
                <Stack key={day} gap="xs">
                  <Title order={2} size="h5">
                    {dayLabel(day)}
                  </Title>
                  {byDay(day).map((event) => (
                    <EventCard key={`${event.symbol}-${event.kind}`} event={event} />
                  ))}
                </Stack>
              ))}
          </Stack>
        </>
      )}
      {loggedIn && <FeedLink />}
    </Stack>
  );
}

export function EarningsCalendarPage() {
  return <MarketCalendarPage kind="earnings" />;
}

export function DividendsCalendarPage() {
  return <MarketCalendarPage kind="dividends" />;
}
