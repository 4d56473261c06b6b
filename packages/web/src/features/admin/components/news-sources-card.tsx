import { Badge, Button, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type NewsSourceView } from '@app/shared/api/news-sources';
import { timeAgo } from '@app/shared/display/timeago';
import { useState } from 'react';
import { showErrorToast } from '../../../lib/toast';
import {
  downloadOpml,
  useImportOpml,
  useNewsSources,
  useRemoveNewsSource,
  useSetNewsSourceState,
} from '../api/news-sources';
import { AddSourceForm } from './add-source-form';
import { TableHead } from '../../../components/table-head';
import { SectionCard } from '../../../components/section-card';
import { QueryStatus } from '../../../components/query-status';

const HEALTH: Record<NewsSourceView['health'], { label: string; color: string }> = {
  pending: { label: 'Not read yet', color: 'gray' },
  healthy: { label: 'Healthy', color: 'teal' },
  failing: { label: 'Failing', color: 'orange' },
  disabled: { label: 'Disabled', color: 'red' },
};

const when = (seconds: number | null) => (seconds === null ? 'never' : timeAgo(seconds));

/** A source's state as words: paused, or its health (failing since …). */
function SourceStatus({ source }: { source: NewsSourceView }) {
  if (source.state === 'paused') {
    return (
      <Badge color="gray" variant="outline">
        Paused
      </Badge>
    );
  }
  const health = HEALTH[source.health];
  return (
    <Stack gap={2}>
      <Badge color={health.color} variant="light">
        {health.label}
      </Badge>
      {source.failing_since !== null && (
        <Text size="xs" c="dimmed">
          since {timeAgo(source.failing_since)}
        </Text>
      )}
    </Stack>
  );
}

function SourceRow({ source }: { source: NewsSourceView }) {
  const setState = useSetNewsSourceState();
  const remove = useRemoveNewsSource();
  const paused = source.state === 'paused';
  return (
    <Table.Tr>
      <Table.Td maw={320}>
        <Text size="sm" fw={600} truncate>
          {source.title || 'Untitled feed'}
        </Text>
        <Text size="xs" c="dimmed" truncate title={source.url}>
          {source.url}
        </Text>
      </Table.Td>
      <Table.Td>
        <SourceStatus source={source} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{when(source.last_fetch)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{source.last_http_status ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {source.items_day} / {source.items_week}
        </Text>
      </Table.Td>
      <Table.Td maw={240}>
        <Text size="xs" c={source.last_error ? 'red' : 'dimmed'} lineClamp={2}>
          {source.last_error ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            loading={setState.isPending}
            onClick={() => setState.mutate({ id: source.id, state: paused ? 'active' : 'paused' })}
            aria-label={`${paused ? 'Resume' : 'Pause'} ${source.title || source.url}`}
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="subtle"
            loading={remove.isPending}
            onClick={() => remove.mutate(source.id)}
            aria-label={`Remove ${source.title || source.url}`}
          >
            Remove
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The RSS/Atom feeds the worker polls: add (after a test), pause, remove, OPML in and out. */
export function NewsSourcesCard() {
  const { data: sources, isPending, error } = useNewsSources();
  const importOpml = useImportOpml();
  const [imported, setImported] = useState<string | null>(null);
  return (
    <SectionCard labelledBy="admin-sources">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={2} size="h4" id="admin-sources" mb={4}>
            News sources
          </Title>
          <Text size="sm" c="dimmed">
            The RSS and Atom feeds the worker reads every few minutes.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              downloadOpml().catch((e: unknown) => showErrorToast((e as Error).message));
            }}
          >
            Export OPML
          </Button>
          <FileButton
            accept=".opml,.xml,text/xml,text/x-opml,application/xml"
            onChange={(file) => {
              if (!file) return;
              void file.text().then((opml) =>
                importOpml.mutate(opml, {
                  onSuccess: (result) =>
                    setImported(
                      `${String(result.added)} added, ${String(result.skipped)} skipped.`,
                    ),
                }),
              );
            }}
          >
            {(props) => (
              <Button size="xs" variant="default" loading={importOpml.isPending} {...props}>
                Import OPML
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      <Stack gap="md">
        {imported && <Text size="sm">{imported}</Text>}
        <AddSourceForm />
        <QueryStatus pending={isPending} error={error} />
        {sources?.length === 0 && (
          <Text size="sm" c="dimmed">
            No feeds yet: the built-in sources of NEWS_SOURCES still run.
          </Text>
        )}
        {sources && sources.length > 0 && (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="xs" aria-label="News sources">
              <TableHead
                columns={[
                  'Feed',
                  'Status',
                  'Last fetch',
                  'HTTP',
                  'Items day / week',
                  'Last error',
                  'Actions',
                ]}
              />
              <Table.Tbody>
                {sources.map((source) => (
                  <SourceRow key={source.id} source={source} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </SectionCard>
  );
}
