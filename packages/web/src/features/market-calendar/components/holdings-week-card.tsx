import { Alert, Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../components/link';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { SectionCard } from '../../../components/section-card';
import { useHoldingsWeek } from '../api/market-calendar';
import { EventCard } from './event-card';
import { dayLabel } from './event-format';

/** The dashboard's "This week for your holdings": results, ex-dividend dates and splits. */
export function HoldingsWeekCard() {
  const week = useHoldingsWeek();
  useFailureToast(week.error, 'This week’s dates could not be loaded');
  return (
    <SectionCard labelledBy="holdings-week">
      <Title order={2} size="h4" id="holdings-week" mb="sm">
        This week for your holdings
      </Title>
      {week.isPending && <Skeleton height={80} radius="md" />}
      {week.isError && <Alert color="red">{week.error.message}</Alert>}
      {week.data && week.data.events.length === 0 && (
        <Text size="sm" c="dimmed">
          No results or dividend dates for your holdings this week.
        </Text>
      )}
      {week.data && week.data.events.length > 0 && (
        <Stack gap="xs">
          {week.data.events.map((event) => (
            <EventCard
              key={`${event.symbol}-${event.kind}-${event.date}`}
              event={event}
              showDay={`${dayLabel(event.date)} · ${event.kind === 'earnings' ? 'results' : event.kind === 'split' ? 'split' : 'ex-dividend'}`}
            />
          ))}
        </Stack>
      )}
      <Anchor component={Link} to="/calendar/earnings?scope=holdings" size="sm" mt="sm">
        Earnings calendar
      </Anchor>
    </SectionCard>
  );
}
