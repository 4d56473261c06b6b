import { Group, Skeleton, Text } from '@mantine/core';
import type { Financials } from '@app/shared/api/market';
import { formatDateTime } from '@app/shared/display/dates';
import { formatPrice } from '@app/shared/display/format';
import { ChangeArrowIcon, ChangeText } from '../../../components/change-display';
import { DemoDataBadge } from './demo-data-badge';
import { useDisplayClock } from '../../../lib/hydration';
import type { DisplayClock } from '../../../lib/hydration';
import classes from './quote-summary.module.css';

function asOf(financials: Financials, { timeZone }: DisplayClock): string {
  return formatDateTime(financials.as_of, timeZone);
}

/** Price, change and change % of a quote, with the 'Demo data' badge for demo prices. */
export function QuoteSummary({
  financials,
  compact = false,
}: {
  financials: Financials;
  compact?: boolean;
}) {
  // The server's zone while its first screen is hydrated (lib/hydration.ts).
  const clock = useDisplayClock();
  return (
    <div className={compact ? classes.compact : undefined}>
      <Group gap="xs" align="baseline" wrap="wrap">
        <Text component="span" className={classes.price} aria-label="Price">
          {formatPrice(financials.price, financials.currency)}
        </Text>
        <Group gap={6} wrap="nowrap" className={classes.changes} aria-label="Change today">
          <ChangeArrowIcon pct={financials.change_pct} />
          <ChangeText value={financials.change} format="change" colorBy={financials.change_pct} />
          <ChangeText value={financials.change_pct} format="percent" />
        </Group>
        <DemoDataBadge source={financials.source} size="xs" />
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        {financials.currency} · as of {asOf(financials, clock)}
      </Text>
    </div>
  );
}

/**
 * The place of a QuoteSummary while its quote loads, laid out like it (the company
 * header grew by the summary when the quote arrived and pushed the page down). The blocks have
 * the widths of a typical price, change and badge, so they wrap onto two rows where the summary
 * does (a phone's header) and the height matches.
 */
export function QuoteSummarySkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <div
      className={compact ? classes.compact : undefined}
      role="status"
      aria-label="Loading the price"
    >
      <Group gap="xs" align="center" wrap="wrap">
        <Skeleton className={classes.price} width={compact ? 105 : 130} radius="sm">
          &nbsp;
        </Skeleton>
        <Skeleton className={classes.changesLine} width={150} radius="sm" />
        <Skeleton height={18} width={90} radius="sm" />
      </Group>
      <Skeleton className={classes.asOfLine} width={190} radius="sm" mt={2} />
    </div>
  );
}
