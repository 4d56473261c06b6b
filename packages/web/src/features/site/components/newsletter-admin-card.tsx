import {
  Alert,
  Badge,
  Button,
  Group,
  ScrollArea,
  Skeleton,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { CardPageLinks } from '../../../components/page-links';
import { pageCount } from '../../../lib/pagination';
import { showErrorToast } from '../../../lib/toast';
import {
  downloadSubscribersCsv,
  SITE_ADMIN_PAGE_SIZE,
  useNewsletterAdmin,
} from '../api/site-admin';
import { TableHead } from '../../../components/table-head';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '@app/shared/display/dates';

const STATUS_COLORS = { confirmed: 'teal', pending: 'yellow', unsubscribed: 'gray' } as const;

const day = (seconds: number | null) => (seconds === null ? '—' : formatDate(seconds));

/** The admin panel's newsletter card: counts per status, the list 20 a page, the CSV export. */
export function NewsletterAdminCard() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useNewsletterAdmin(page);
  const pages = pageCount(data?.total ?? 0, SITE_ADMIN_PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  const exportCsv = () => {
    setExporting(true);
    downloadSubscribersCsv()
      .catch((failure: unknown) =>
        showErrorToast(failure instanceof Error ? failure.message : String(failure)),
      )
      .finally(() => setExporting(false));
  };
  return (
    <SectionCard labelledBy="admin-newsletter">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={2} size="h4" id="admin-newsletter">
            Newsletter subscribers
          </Title>
          <Text size="sm" c="dimmed">
            Only confirmed addresses receive the weekly insights.
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={exportCsv}
          loading={exporting}
        >
          Export CSV
        </Button>
      </Group>
      {isError && <Alert color="red">{error.message}</Alert>}
      {isPending && <Skeleton height={100} radius="md" />}
      {data && (
        <>
          <Group gap="xs" mb="sm">
            {(['confirmed', 'pending', 'unsubscribed'] as const).map((status) => (
              <Badge key={status} variant="light" color={STATUS_COLORS[status]}>
                {data.counts[status]} {status}
              </Badge>
            ))}
          </Group>
          {data.subscribers.length === 0 ? (
            <Text size="sm" c="dimmed">
              No subscribers yet.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={320}>
              <Table striped verticalSpacing={6} miw={520}>
                <TableHead columns={['E-mail', 'Status', 'Signed up', 'Confirmed']} />
                <Table.Tbody>
                  {data.subscribers.map((subscriber) => (
                    <Table.Tr key={subscriber.id}>
                      <Table.Td>{subscriber.email}</Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="light" color={STATUS_COLORS[subscriber.status]}>
                          {subscriber.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{day(subscriber.created_at)}</Table.Td>
                      <Table.Td>{day(subscriber.confirmed_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          <CardPageLinks
            page={page}
            count={pages}
            onChange={setPage}
            label="Newsletter subscriber pages"
          />
        </>
      )}
    </SectionCard>
  );
}
