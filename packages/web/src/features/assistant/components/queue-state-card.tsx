import { Alert, Badge, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { z } from 'zod';
import type { queueEntrySchema } from '@app/shared/api/prompts';
import { formatDateTime } from '@app/shared/display/dates';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useQueueState } from '../api/queue-state';
import { TableHead } from '../../../components/table-head';
import { SectionCard } from '../../../components/section-card';

type QueueEntry = z.infer<typeof queueEntrySchema>;

const PLAN_OF_PRIORITY = ['Free', 'Supporter', 'Basic', 'Standard'];

function QueueTable({ caption, entries }: { caption: string; entries: readonly QueueEntry[] }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {caption}
        </Text>
        <Badge size="sm" variant="light">
          {entries.length}
        </Badge>
      </Group>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Empty.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped fz="sm" aria-label={caption}>
            <TableHead columns={['Date', 'User', 'Type', 'Working on', 'Plan', 'Attempts']} />
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDateTime(entry.date)}</Table.Td>
                  <Table.Td>{entry.username}</Table.Td>
                  <Table.Td>{entry.type}</Table.Td>
                  <Table.Td>{entry.file}</Table.Td>
                  <Table.Td>{PLAN_OF_PRIORITY[entry.priority] ?? String(entry.priority)}</Table.Td>
                  <Table.Td>{entry.attempts}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Spec §2 admin panel "services queue": GET /prompts/state every 5000 ms. */
export function QueueStateCard() {
  const state = useQueueState();
  useFailureToast(state.error, 'The AI queue could not be loaded');
  return (
    <SectionCard labelledBy="admin-ai-queue">
      <Title order={2} size="h4" id="admin-ai-queue" mb="sm">
        Services queue
      </Title>
      {state.isPending && <Skeleton height={80} radius="md" />}
      {state.isError && !state.data && <Alert color="red">{state.error.message}</Alert>}
      {state.data && (
        <Stack gap="md">
          <QueueTable caption="In process" entries={state.data.process} />
          <QueueTable caption="Waiting (priority order)" entries={state.data.priority} />
        </Stack>
      )}
    </SectionCard>
  );
}
