import { Group, Text } from '@mantine/core';
import type { Financials } from '@app/shared/api/market';
import { formatPrice } from '@app/shared/display/format';
import { ChangeArrowIcon, ChangeText } from './change-display';
import { DemoDataBadge } from './demo-data-badge';
import classes from './quote-summary.module.css';

function asOf(financials: Financials): string {
  return new Date(financials.as_of * 1000).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** Price, change and change % of a quote, with the 'Demo data' badge for demo prices. */
export function QuoteSummary({
  financials,
  compact = false,
}: {
  financials: Financials;
  compact?: boolean;
}) {
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
        {financials.currency} · as of {asOf(financials)}
      </Text>
    </div>
  );
}
