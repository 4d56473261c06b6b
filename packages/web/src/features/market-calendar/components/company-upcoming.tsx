import { Group, Stack, Text, Title } from '@mantine/core';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { SectionCard } from '../../../components/section-card';
import { useCompanyUpcoming } from '../api/market-calendar';
import {
  dayLabel,
  money,
  surpriseColor,
  surpriseLabel,
  timingLabel,
  UNKNOWN,
} from './event-format';
import { QueryStatus } from '../../../components/query-status';
import plainTable from '../../../components/plain-table.module.css';
import classes from './company-upcoming.module.css';

const RESULT_COLUMNS = ['Reported', 'EPS', 'Estimate', 'Surprise'];

/** "Upcoming" on a company page: next results, next ex-dividend date, the last four results. */
export function CompanyUpcoming({ symbol }: { symbol: string }) {
  const upcoming = useCompanyUpcoming(symbol);
  useFailureToast(upcoming.error, 'Upcoming dates could not be loaded');
  const data = upcoming.data;
  return (
    <SectionCard labelledBy="company-upcoming">
      <Title order={2} size="h4" id="company-upcoming" mb="sm">
        Upcoming
      </Title>
      <QueryStatus pending={upcoming.isPending} error={upcoming.error} />
      {data && (
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={600}>
              Next results
            </Text>
            <Text size="sm" data-testid="next-earnings">
              {data.next_earnings
                ? `${dayLabel(data.next_earnings.date)}, ${timingLabel(data.next_earnings.timing).toLowerCase()} · EPS estimate ${money(data.next_earnings.eps_estimate)}`
                : `Date ${UNKNOWN}`}
            </Text>
          </div>
          <div>
            <Text size="sm" fw={600}>
              Next ex-dividend date
            </Text>
            <Text size="sm" data-testid="next-ex-dividend">
              {data.next_ex_dividend?.ex_date
                ? `${dayLabel(data.next_ex_dividend.ex_date)} · ${money(data.next_ex_dividend.amount)} a share`
                : 'None declared'}
            </Text>
          </div>
          {data.last_results.length > 0 && (
            <table className={`${plainTable.table} ${classes.table}`} aria-label="Last results">
              <thead>
                <tr>
                  {RESULT_COLUMNS.map((column) => (
                    <th key={column}>{column}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.last_results.map((result) => (
                  <tr key={result.date}>
                    <td>{dayLabel(result.date)}</td>
                    <td>{money(result.eps_reported)}</td>
                    <td>{money(result.eps_estimate)}</td>
                    <td>
                      <Text size="xs" fw={600} c={surpriseColor(result.eps_surprise_pct)}>
                        {surpriseLabel(result.eps_surprise_pct) ?? UNKNOWN}
                      </Text>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              Source: {data.source === 'demo' ? 'demo data (synthetic)' : 'Yahoo Finance'}
            </Text>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}
