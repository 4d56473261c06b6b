import type { TrackRecordGroup, TrackRecordStat } from '@app/shared/api/track-record';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { horizonLabel, rate, signedReturn } from './track-record-format';
import { TableHead } from '../../../components/table-head';

/** One card per horizon: the hit rate, its interval, the calls and their mean return. */
export function HitRateCards({ stats }: { stats: readonly TrackRecordStat[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {stats.map((stat) => (
        <Card
          key={stat.horizon}
          withBorder
          padding="md"
          radius="md"
          role="group"
          aria-label={`Over ${horizonLabel(stat.horizon)}`}
        >
          <Text size="sm" c="dimmed">
            Hit rate over {horizonLabel(stat.horizon)}
          </Text>
          <Text fz={32} fw={700} lh={1.2}>
            {rate(stat.hit_rate)}
          </Text>
          <Text size="sm">
            95% interval {rate(stat.ci_low)} – {rate(stat.ci_high)}
          </Text>
          <Text size="sm" c="dimmed">
            {stat.hits.toLocaleString('en-US')} of {stat.calls.toLocaleString('en-US')} calls · mean{' '}
            {signedReturn(stat.mean_call_return)} vs market
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function StatCell({ stat }: { stat: TrackRecordStat | undefined }) {
  if (!stat || stat.calls === 0) return <Table.Td c="dimmed">—</Table.Td>;
  return (
    <Table.Td>
      <Text span fw={600}>
        {rate(stat.hit_rate)}
      </Text>{' '}
      <Text span size="xs" c="dimmed">
        ({rate(stat.ci_low)}–{rate(stat.ci_high)}, n={stat.calls.toLocaleString('en-US')})
      </Text>
    </Table.Td>
  );
}

/** Hit rates of a breakdown, one row per group and one column per horizon. */
export function GroupTable({
  title,
  caption,
  groups,
  horizons,
}: {
  title: string;
  caption: string;
  groups: readonly TrackRecordGroup[];
  horizons: readonly number[];
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="baseline">
        <Title order={3} size="h4">
          {title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {caption}
      </Text>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          No scored calls yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover aria-label={title}>
            <TableHead
              scope="col"
              columns={[
                'Calls',
                ...horizons.map((h) => ({ key: String(h), label: horizonLabel(h) })),
              ]}
            />
            <Table.Tbody>
              {groups.map((group) => (
                <Table.Tr key={group.key}>
                  <Table.Th scope="row" fw={500}>
                    {group.label}
                  </Table.Th>
                  {horizons.map((h) => (
                    <StatCell key={h} stat={group.stats.find((s) => s.horizon === h)} />
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
