import { DELIVERIES_PAGE_SIZE, DELIVERY_STATUSES } from '@app/shared/api/alerts';
import type { Delivery, DeliveryStatus } from '@app/shared/api/alerts';
import { timeAgo } from '@app/shared/display/timeago';
import { Badge, Group, ScrollArea, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CardPageLinks } from '../../../components/page-links';
import { pageCount } from '../../../lib/pagination';
import { useDeliveries } from '../api/deliveries';
import { TableHead } from '../../../components/table-head';
import { SectionCard } from '../../../components/section-card';
import { QueryStatus } from '../../../components/query-status';

const STATUS_COLORS: Record<DeliveryStatus, string> = {
  pending: 'blue',
  sending: 'indigo',
  sent: 'teal',
  failed: 'red',
  skipped: 'gray',
};

const recipientOf = (row: Delivery) => row.username ?? row.address ?? '—';

/** Admin panel: the alert and digest outbox, with the failures and the reasons for skips. */
export function DeliveriesCard() {
  const [status, setStatus] = useState<'all' | DeliveryStatus>('all');
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useDeliveries(status === 'all' ? undefined : status, page);
  // The rows of the status shown (all: every status), paged by the server.
  const shown = data
    ? status === 'all'
      ? Object.values(data.counts).reduce((sum, n) => sum + n, 0)
      : data.counts[status]
    : 0;
  const pages = pageCount(shown, DELIVERIES_PAGE_SIZE);
  return (
    <SectionCard labelledBy="admin-deliveries">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h4" id="admin-deliveries" mb={4}>
            Alert deliveries
          </Title>
          <Text size="sm" c="dimmed">
            Instant alerts, digests and weekly insights by e-mail and Telegram.
          </Text>
        </div>
        <ScrollArea type="auto" offsetScrollbars maw="100%">
          <SegmentedControl
            size="xs"
            aria-label="Delivery status"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            data={[
              { value: 'all', label: 'All' },
              ...DELIVERY_STATUSES.filter((s) => s !== 'sending').map((s) => ({
                value: s,
                label: `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}${data ? ` (${String(data.counts[s])})` : ''}`,
              })),
            ]}
          />
        </ScrollArea>
      </Group>
      <QueryStatus pending={isPending} error={error} />
      {data?.deliveries.length === 0 && (
        <Text size="sm" c="dimmed">
          No deliveries.
        </Text>
      )}
      {data && data.deliveries.length > 0 && (
        <ScrollArea.Autosize mah={420} type="auto">
          <Table striped highlightOnHover verticalSpacing={6} fz="sm" miw={640}>
            <TableHead columns={['Recipient', 'Kind', 'Subject', 'Status', 'When']} />
            <Table.Tbody>
              {data.deliveries.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{recipientOf(row)}</Table.Td>
                  <Table.Td>
                    {row.kind} · {row.channel}
                  </Table.Td>
                  <Table.Td maw={260}>
                    <Text size="sm" truncate title={row.subject}>
                      {row.subject || row.key}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={STATUS_COLORS[row.status]}>
                      {row.status}
                    </Badge>
                    {row.last_error && (
                      <Text size="xs" c={row.status === 'failed' ? 'red' : 'dimmed'}>
                        {row.last_error}{' '}
                        {row.attempts > 1 ? `(${String(row.attempts)} attempts)` : ''}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{timeAgo(row.sent_at ?? row.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      <CardPageLinks page={page} count={pages} onChange={setPage} label="Delivery pages" />
    </SectionCard>
  );
}
