import { tickerOf } from '@app/shared/symbols';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { MarketEvent } from '@app/shared/api/market-calendar';
import { Link } from '../../../components/link';
import { tickerPath } from '../../../lib/ticker-path';
import {
  dividendLine,
  money,
  revenue,
  surpriseColor,
  surpriseLabel,
  timingLabel,
} from './event-format';

/** The figures of a result: the surprise once reported, the consensus before. */
function EarningsFigures({ event }: { event: MarketEvent }) {
  const surprise = surpriseLabel(event.eps_surprise_pct);
  if (event.eps_reported !== null) {
    return (
      <Stack gap={2}>
        <Text size="xs">
          EPS {money(event.eps_reported)} vs {money(event.eps_estimate)} expected
        </Text>
        {surprise && (
          <Badge size="sm" variant="light" color={surpriseColor(event.eps_surprise_pct)}>
            {surprise}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          Revenue {revenue(event.revenue_reported)} vs {revenue(event.revenue_estimate)}
        </Text>
      </Stack>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      EPS estimate {money(event.eps_estimate)} · revenue estimate {revenue(event.revenue_estimate)}
    </Text>
  );
}

/** One event: the company (linking to its page), its figures and the stories about it. */
export function EventCard({ event, showDay }: { event: MarketEvent; showDay?: string }) {
  const name = event.company_name ?? event.symbol;
  return (
    <Paper withBorder radius="md" p="xs" data-testid="market-event">
      <Stack gap={4}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Anchor component={Link} to={tickerPath(event.symbol)} fw={600} size="sm" lineClamp={1}>
            {name}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {tickerOf(event.symbol)}
          </Text>
        </Group>
        {showDay && (
          <Text size="xs" c="dimmed">
            {showDay}
          </Text>
        )}
        {event.kind === 'earnings' ? (
          <>
            <Text size="xs">
              {timingLabel(event.timing)}
              {event.fiscal_quarter ? ` · ${event.fiscal_quarter} quarter` : ''}
            </Text>
            <EarningsFigures event={event} />
          </>
        ) : (
          <Text size="xs">{dividendLine(event)}</Text>
        )}
        {event.stories.map((story) => (
          <Anchor
            key={story.id}
            component={Link}
            to={`/news/view?id=${encodeURIComponent(story.id)}`}
            size="xs"
            lineClamp={2}
          >
            {story.title}
          </Anchor>
        ))}
      </Stack>
    </Paper>
  );
}
