import { Badge } from '@mantine/core';
import type { PriceSource } from '@app/shared/api/market';
import { IconFlask } from '@tabler/icons-react';
import { DeferredTooltip } from '../../../components/deferred-tooltip';

export const DEMO_DATA_LABEL = 'Demo data';
const DEMO_DATA_HINT =
  'Prices are synthesised by the offline demo market-data provider, not real quotes.';

export interface DemoDataBadgeProps {
  /** Where the prices come from: the badge shows only for 'demo'; without a source it always shows. */
  source?: PriceSource | null;
  size?: 'xs' | 'sm' | 'md';
}

/** Marks prices that come from the demo market data (architecture §7): 'Demo data'. */
export function DemoDataBadge({ source, size = 'sm' }: DemoDataBadgeProps) {
  if (source !== undefined && source !== 'demo') return null;
  return (
    <DeferredTooltip label={DEMO_DATA_HINT} multiline w={260} withArrow>
      <Badge
        size={size}
        color="orange"
        variant="light"
        radius="sm"
        leftSection={<IconFlask size={12} aria-hidden="true" />}
        aria-label={`${DEMO_DATA_LABEL}: ${DEMO_DATA_HINT}`}
      >
        {DEMO_DATA_LABEL}
      </Badge>
    </DeferredTooltip>
  );
}
