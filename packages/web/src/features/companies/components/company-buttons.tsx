import { tickerOf } from '@app/shared/symbols';
import { Alert, Button, Group, Skeleton, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from '../../../components/link';
import { SUB_INDUSTRY_LIMIT, useSubIndustryCompanies } from '../api/sub-industry-companies';
import classes from './explore.module.css';
import { tickerPath } from '../../../lib/ticker-path';

export interface CompanyButtonsProps {
  subIndustry: string;
  /** How many companies the sub-industry holds (from its category). */
  count: number;
  /** `EXCHANGE:TICKER` to highlight (explore opened on a company). */
  highlight?: string;
}

/** Spec §2 company exploration: the companies of one sub-industry, each a link to its page. */
export function CompanyButtons({ subIndustry, count, highlight }: CompanyButtonsProps) {
  const companies = useSubIndustryCompanies(subIndustry);
  const highlighted = useRef<HTMLAnchorElement>(null);
  const loaded = companies.data !== undefined;

  useEffect(() => {
    if (loaded) highlighted.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [loaded]);

  if (companies.isPending) {
    return (
      <Group gap="xs" role="status" aria-label={`Loading the companies of ${subIndustry}`}>
        {Array.from({ length: Math.min(count, 6) }, (_, index) => (
          <Skeleton key={index} height={30} width={140} radius="md" />
        ))}
      </Group>
    );
  }
  if (companies.isError) {
    return (
      <Alert color="red" title="The companies could not be loaded">
        {companies.error.message}
      </Alert>
    );
  }
  if (companies.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No company with a listed ticker here yet.
      </Text>
    );
  }
  return (
    <>
      <ul className={classes.companies} aria-label={`Companies in ${subIndustry}`}>
        {companies.data.map((company) => {
          const current = company.symbol === highlight;
          return (
            <li key={company.id}>
              <Button
                component={Link}
                to={tickerPath(company.symbol)}
                ref={current ? highlighted : undefined}
                variant={current ? 'filled' : 'default'}
                size="compact-sm"
                radius="md"
                className={classes.company}
                aria-current={current ? 'true' : undefined}
                data-highlighted={current || undefined}
              >
                <span className={classes.companyName}>{company.name}</span>{' '}
                <span className={classes.ticker}>{tickerOf(company.symbol)}</span>
              </Button>
            </li>
          );
        })}
      </ul>
      {count > SUB_INDUSTRY_LIMIT && (
        <Text size="xs" c="dimmed" mt="xs">
          The first {SUB_INDUSTRY_LIMIT} of {count} companies, by name. Search to find the others.
        </Text>
      )}
    </>
  );
}
