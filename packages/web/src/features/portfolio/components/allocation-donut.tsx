import { DonutChart } from '@mantine/charts';
import { Group, Stack, Table, Text } from '@mantine/core';
import type { PortfolioSnapshot } from '@app/shared/api/portfolio';
import { formatPrice } from '@app/shared/display/format';
import classes from './portfolio.module.css';
import { TableHead } from '../../../components/table-head';

/** Distinct Mantine colours, in order, for up to ten sectors (then they repeat). */
const COLORS = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'yellow.6',
  'pink.6',
  'lime.6',
  'indigo.6',
  'red.6',
];

type Slice = PortfolioSnapshot['allocation']['sector'][number];

/** Allocation by sector: a donut and, beside it, the same figures as a table. */
export function AllocationDonut({
  slices,
  currency,
}: {
  slices: readonly Slice[];
  currency: string;
}) {
  if (slices.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No priced position to allocate yet.
      </Text>
    );
  }
  const data = slices.map((slice, index) => ({
    name: slice.name,
    value: slice.value,
    color: COLORS[index % COLORS.length] ?? 'gray.6',
  }));
  return (
    <Group align="center" gap="lg" wrap="wrap" justify="center">
      <DonutChart
        data={data}
        size={180}
        thickness={28}
        withTooltip
        tooltipDataSource="segment"
        valueFormatter={(value) => formatPrice(value, currency)}
        aria-hidden="true"
      />
      <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
        <Table verticalSpacing={4} aria-label="Allocation by sector">
          <TableHead
            columns={[
              'Sector',
              { label: 'Value', className: classes.number },
              { label: 'Weight', className: classes.number },
            ]}
          />
          <Table.Tbody>
            {data.map((slice, index) => (
              <Table.Tr key={slice.name}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <span
                      aria-hidden="true"
                      style={{
                        width: 10,
                        height: 10,
                        borderRadius: 2,
                        flex: 'none',
                        background: `var(--mantine-color-${slice.color.replace('.', '-')})`,
                      }}
                    />
                    <Text size="sm" truncate>
                      {slice.name}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td className={classes.number}>{formatPrice(slice.value, currency)}</Table.Td>
                <Table.Td className={classes.number}>
                  {(slices[index]?.weight_pct ?? 0).toFixed(2)}%
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Group>
  );
}
