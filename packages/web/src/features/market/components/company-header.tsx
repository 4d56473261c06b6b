import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Company } from '@app/shared/api/companies';
import { useFinancials } from '../api/financials';
import classes from './company-info-card.module.css';
import { QuoteSummary, QuoteSummarySkeleton } from './quote-summary';
import { WatchCheckbox } from './watch-checkbox';
import { AlertMeButton } from '../../alert-rules';
import { CompanyAvatar } from './company-avatar';

/** Spec §2 company page header: the company name and quote type, its price and the watch box. */
export function CompanyHeader({ company, symbol }: { company: Company; symbol: string | null }) {
  // The same query as the stock table (shared cache): one request every 30 s for both.
  const quote = useFinancials(symbol ?? '', { withPeriods: true });
  const others = company.exchange_tickers.filter((ticker) => ticker !== symbol);
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.card}>
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" className={classes.header}>
          <CompanyAvatar image={quote.data?.image} name={company.company_name} size={56} />
          <Stack gap={6} className={classes.header}>
            <Title order={1} size="h2" className={classes.name}>
              {company.company_name}
            </Title>
            <Group gap="xs">
              {symbol && (
                <Badge variant="default" radius="sm">
                  {symbol}
                </Badge>
              )}
              {company.quote_type && (
                <Badge variant="light" color="gray" radius="sm" aria-label="Quote type">
                  {company.quote_type}
                </Badge>
              )}
              {others.length > 0 && (
                <Text size="xs" c="dimmed">
                  Also listed as {others.join(', ')}
                </Text>
              )}
            </Group>
            {quote.data ? (
              <QuoteSummary financials={quote.data} />
            ) : (
              symbol !== null && quote.isPending && <QuoteSummarySkeleton />
            )}
          </Stack>
        </Group>
        {symbol && (
          <Stack gap="xs" align="flex-start">
            <WatchCheckbox symbol={symbol} />
            <AlertMeButton symbol={symbol} price={quote.data?.price ?? null} />
          </Stack>
        )}
      </Group>
    </Card>
  );
}
