import '@mantine/charts/styles.css';
import type { TrackRecordCalibrationBin } from '@app/shared/api/track-record';
import { BarChart } from '@mantine/charts';
import { Stack, Table, Text, Title } from '@mantine/core';
import { horizonLabel, signedReturn } from './track-record-format';
import { TableHead } from '../../../components/table-head';

const COLOURS = ['blue.4', 'violet.6', 'grape.8'];
/** Score ranges with fewer calls are left out of the chart: their means are mostly noise. */
export const CALIBRATION_MIN_CALLS = 10;

/**
 * Calibration: the mean move against the market after calls of each score range. A calibrated
 * analyst's bars rise from left (strongly bearish) to right (strongly bullish).
 */
export function CalibrationChart({
  bins,
  horizons,
}: {
  bins: readonly TrackRecordCalibrationBin[];
  horizons: readonly number[];
}) {
  const data = bins
    .filter((bin) => bin.calls >= CALIBRATION_MIN_CALLS)
    .map((bin) => ({
      score: bin.label,
      ...Object.fromEntries(
        horizons.map((h) => {
          const value = bin.horizons.find((x) => x.horizon === h)?.mean_excess_return ?? null;
          return [horizonLabel(h), value === null ? 0 : Number((value * 100).toFixed(3))];
        }),
      ),
    }));
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Calibration: do stronger calls move more?
      </Title>
      <Text size="sm" c="dimmed">
        Mean return against the market after the calls in each score range (−10 most bearish, +10
        most bullish). Bars should rise from left to right. Ranges with fewer than{' '}
        {CALIBRATION_MIN_CALLS} calls are left out of the chart.
      </Text>
      <BarChart
        h={260}
        data={data}
        dataKey="score"
        series={horizons.map((h, i) => ({
          name: horizonLabel(h),
          color: COLOURS[i] ?? 'gray.6',
        }))}
        valueFormatter={(value) => `${value.toFixed(2)}%`}
        withLegend
        legendProps={{ itemSorter: null }}
        referenceLines={[{ y: 0, color: 'gray.5' }]}
        aria-label="Mean return against the market by call score"
      />
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Calibration figures" fz="sm">
          <TableHead
            scope="col"
            columns={[
              'Score',
              'Calls',
              ...horizons.map((h) => ({ key: String(h), label: horizonLabel(h) })),
            ]}
          />
          <Table.Tbody>
            {bins.map((bin) => (
              <Table.Tr key={bin.label}>
                <Table.Th scope="row" fw={500}>
                  {bin.label}
                </Table.Th>
                <Table.Td>{bin.calls.toLocaleString('en-US')}</Table.Td>
                {horizons.map((h) => (
                  <Table.Td key={h}>
                    {signedReturn(
                      bin.horizons.find((x) => x.horizon === h)?.mean_excess_return ?? null,
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
