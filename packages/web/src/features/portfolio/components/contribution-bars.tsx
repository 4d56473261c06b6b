import { BarsList } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Holding } from '@app/shared/api/portfolio';
import { formatSigned } from '@app/shared/display/format';

const points = (value: number) => `${formatSigned(value, 2)} pts`;

/**
 * What each position added to (or took from) the portfolio's return over the range, in percent
 * points: gains and losses as two bar lists, the largest first.
 */
export function ContributionBars({ holdings }: { holdings: readonly Holding[] }) {
  const known = holdings.flatMap((holding) =>
    holding.contribution_pct === null || holding.contribution_pct === 0
      ? []
      : [{ name: holding.symbol, value: holding.contribution_pct }],
  );
  const gains = known.filter((item) => item.value > 0).sort((a, b) => b.value - a.value);
  const losses = known
    .filter((item) => item.value < 0)
    .sort((a, b) => a.value - b.value)
    .map((item) => ({ ...item, value: -item.value }));
  if (known.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No position moved the portfolio over this range.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap={4} aria-label="Added to the return" role="group">
        <Text size="sm" fw={600}>
          Added to the return
        </Text>
        {gains.length > 0 ? (
          <BarsList
            data={gains.map((item) => ({ ...item, color: 'teal', variant: 'light' as const }))}
            valueFormatter={points}
            autoContrast
          />
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        )}
      </Stack>
      <Stack gap={4} aria-label="Took from the return" role="group">
        <Text size="sm" fw={600}>
          Took from the return
        </Text>
        {losses.length > 0 ? (
          <BarsList
            data={losses.map((item) => ({ ...item, color: 'red', variant: 'light' as const }))}
            valueFormatter={(value) => points(-value)}
            autoContrast
          />
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        )}
      </Stack>
    </SimpleGrid>
  );
}
