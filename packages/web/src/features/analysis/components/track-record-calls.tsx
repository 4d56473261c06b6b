import { PAGE_PATHS } from '@app/shared/app-routes';
import type { TrackRecordCall } from '@app/shared/api/track-record';
import { formatSigned } from '@app/shared/display/format';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '../../../components/link';
import { tickerPath } from '../../../lib/ticker-path';
import { horizonLabel, signedReturn } from './track-record-format';
import { TableHead } from '../../../components/table-head';

const articlePath = (id: string) => `${PAGE_PATHS.newsView}?id=${encodeURIComponent(id)}`;

function CallRow({ call, horizon }: { call: TrackRecordCall; horizon: number }) {
  const scored = call.horizons.find((h) => h.horizon === horizon);
  const bullish = call.direction === 'bullish';
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{call.entry_day}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={tickerPath(call.exchange_ticker)} size="sm">
          {call.company_name ?? call.exchange_ticker}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text
          span
          size="sm"
          fw={600}
          c={bullish ? 'var(--mantine-color-teal-text)' : 'var(--mantine-color-red-text)'}
        >
          {bullish ? 'Bullish' : 'Bearish'} {formatSigned(call.sentiment_score, 1)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={articlePath(call.news_id)} size="sm">
          {call.title || 'The article'}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {signedReturn(scored?.stock_return ?? null)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600}>
        {signedReturn(scored?.excess_return ?? null)}
      </Table.Td>
    </Table.Tr>
  );
}

/** The best or worst calls, with links to their articles and companies. */
export function CallsTable({
  title,
  calls,
  horizon,
}: {
  title: string;
  calls: readonly TrackRecordCall[];
  horizon: number;
}) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        {title}
      </Title>
      {calls.length === 0 ? (
        <Text size="sm" c="dimmed">
          No calls to show yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label={title} fz="sm">
            <TableHead
              scope="col"
              columns={[
                'Entry',
                'Company',
                'Call',
                'Article',
                { label: horizonLabel(horizon) },
                'vs market',
              ]}
            />
            <Table.Tbody>
              {calls.map((call) => (
                <CallRow
                  key={`${call.news_id}-${call.exchange_ticker}`}
                  call={call}
                  horizon={horizon}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
