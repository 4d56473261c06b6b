import { Badge, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@app/shared/display/dates';
import { formatPrice } from '@app/shared/display/format';
import { useAdminPayments } from '../api/admin-payments';
import type { AdminPayments } from '../api/admin-payments';
import type { ReactNode } from 'react';
import { TableHead } from '../../../components/table-head';
import { SectionCard, SectionCardHeader } from '../../../components/section-card';
import { QueryStatus } from '../../../components/query-status';

const REASONS: Record<string, string> = {
  too_expensive: 'Too expensive',
  missing_feature: 'Missing a feature',
  not_useful: 'Not useful',
  other: 'Other',
};

function EventTable({ label, events }: { label: string; events: AdminPayments['events'] }) {
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped fz="sm" aria-label={label}>
        <TableHead columns={['Received', 'Type', 'Event', 'Outcome']} />
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>{formatDateTime(event.received)}</Table.Td>
              <Table.Td>{event.type}</Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {event.id}
                </Text>
              </Table.Td>
              <Table.Td>
                {event.error ? (
                  <Text size="sm" c="red">
                    {event.error}
                  </Text>
                ) : event.processed === null ? (
                  'Pending'
                ) : (
                  'Applied'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One part of the view under its small heading. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      {children}
    </div>
  );
}

/**
 * The admin panel's payments view: subscriptions by plan and status, the webhook
 * events received and those that failed, the referral ledger's totals and cancel feedback.
 */
export function PaymentsAdminCard() {
  const { data, isPending, error } = useAdminPayments();
  return (
    <SectionCard labelledBy="admin-payments">
      <SectionCardHeader id="admin-payments" title="Payments" mb="sm">
        {data && (
          <Badge variant="light" color={data.provider === 'offline' ? 'yellow' : 'blue'}>
            {data.provider === 'offline' ? 'Offline test mode' : data.provider}
          </Badge>
        )}
      </SectionCardHeader>
      <QueryStatus pending={isPending} error={error} />
      {data && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Part title="Subscriptions">
              {data.subscriptions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No subscriptions yet.
                </Text>
              ) : (
                <Table fz="sm" aria-label="Subscriptions">
                  <Table.Tbody>
                    {data.subscriptions.map((row) => (
                      <Table.Tr key={`${row.plan}-${row.status}`}>
                        <Table.Td>{row.plan}</Table.Td>
                        <Table.Td>{row.status}</Table.Td>
                        <Table.Td ta="right">{row.count}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Part>
            <Part title="Referral ledger">
              {data.ledger_totals.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No entries yet.
                </Text>
              ) : (
                <Table fz="sm" aria-label="Referral ledger totals">
                  <Table.Tbody>
                    {data.ledger_totals.map((row) => (
                      <Table.Tr key={row.kind}>
                        <Table.Td>{row.kind}</Table.Td>
                        <Table.Td ta="right">{row.entries}</Table.Td>
                        <Table.Td ta="right">{formatPrice(row.amount_cents / 100, 'EUR')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Part>
          </SimpleGrid>
          <Part title="Failed webhooks">
            <EventTable label="Failed webhooks" events={data.failed_events} />
          </Part>
          <Part title="Events received">
            <EventTable label="Events received" events={data.events} />
          </Part>
          <Part title="Cancel feedback">
            {data.cancel_feedback.length === 0 ? (
              <Text size="sm" c="dimmed">
                None.
              </Text>
            ) : (
              <Stack gap={6}>
                {data.cancel_feedback.map((item) => (
                  <Text key={`${item.username}-${String(item.date)}`} size="sm">
                    <strong>{item.username}</strong> · {REASONS[item.reason] ?? item.reason} ·{' '}
                    {formatDateTime(item.date)}
                    {item.text ? `: ${item.text}` : ''}
                  </Text>
                ))}
              </Stack>
            )}
          </Part>
        </Stack>
      )}
    </SectionCard>
  );
}
