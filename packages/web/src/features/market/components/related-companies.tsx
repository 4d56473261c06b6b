import { Alert, Button, Group, Skeleton, Text, Title } from '@mantine/core';
import { Link } from '../../../components/link';
import { RELATED_SHOWN_MAX, useRelatedCompanies } from '../api/related-companies';
import classes from './market-table.module.css';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { SectionCard } from '../../../components/section-card';
import { tickerPath } from '../../../lib/ticker-path';

/** Spec §2/§9 related companies: requested 25, at most 20 shown, each linking to its page. */
export function RelatedCompanies({ symbol }: { symbol: string }) {
  const related = useRelatedCompanies(symbol);
  useFailureToast(related.error, 'Related companies could not be loaded');
  const companies = (related.data ?? [])
    .filter((company) => company.exchange_tickers.length > 0)
    .slice(0, RELATED_SHOWN_MAX);

  return (
    <SectionCard labelledBy="related-companies" className={classes.card}>
      <Title order={2} size="h4" id="related-companies" mb="sm">
        Related companies
      </Title>
      {related.isPending && <Skeleton height={80} radius="md" />}
      {related.isError && <Alert color="red">{related.error.message}</Alert>}
      {related.data && companies.length === 0 && (
        <Text c="dimmed" size="sm">
          No related companies are listed.
        </Text>
      )}
      {companies.length > 0 && (
        <Group gap={8}>
          {companies.map((company) => {
            const companySymbol = company.exchange_tickers[0] ?? '';
            return (
              <Button
                key={company.id}
                component={Link}
                to={tickerPath(companySymbol)}
                variant="light"
                size="compact-sm"
                radius="xl"
                classNames={{
                  root: classes.related,
                  inner: classes.relatedInner,
                  label: classes.relatedLabel,
                }}
                title={`${company.company_name} (${companySymbol})`}
              >
                {company.company_name}
              </Button>
            );
          })}
        </Group>
      )}
    </SectionCard>
  );
}
