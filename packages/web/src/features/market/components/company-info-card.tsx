import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Spoiler,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconExternalLink } from '@tabler/icons-react';
import { Link } from '../../../components/link';
import { useCompany } from '../api/company';
import { useFinancials } from '../api/financials';
import classes from './company-info-card.module.css';
import { companySummary, websiteLink } from './company-text';
import { QuoteSummary } from './quote-summary';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { SectionCard } from '../../../components/section-card';
import { tickerPath } from '../../../lib/ticker-path';
import { CompanyAvatar } from './company-avatar';

export const COMPANY_NOT_FOUND = 'Company not found';

/** The business summary, clamped to a few lines with a 'Show more' toggle. */
export function CompanySummary({ text }: { text: string }) {
  if (text === '') {
    return (
      <Text size="sm" c="dimmed">
        No business summary is available yet.
      </Text>
    );
  }
  return (
    <Spoiler maxHeight={96} showLabel="Show more" hideLabel="Show less">
      <Text size="sm" className={classes.summary}>
        {text}
      </Text>
    </Spoiler>
  );
}

/** The company's website as an external link showing its host. */
export function WebsiteLink({ website }: { website: string }) {
  const link = websiteLink(website);
  if (!link) return null;
  return (
    <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        {link.host}
        <IconExternalLink size={14} aria-label="(opens in a new tab)" />
      </Group>
    </Anchor>
  );
}

/**
 * Spec §2 stock tracker / search: a card about one company (`EXCHANGE:TICKER`) with its sector,
 * website, business summary and current price, linking to the company page.
 */
export function CompanyInfoCard({ symbol }: { symbol: string }) {
  const key = symbol.trim().toUpperCase();
  const company = useCompany({ symbol: key });
  const financials = useFinancials(key);
  useFailureToast(company.error ?? financials.error, `Could not load ${key}`);
  const titleId = `company-card-${key.replace(/[^A-Z0-9]/g, '-')}`;

  if (company.isPending) {
    return (
      <Card withBorder radius="lg" padding="lg" className={classes.card} aria-busy="true">
        <Stack gap="sm" role="status" aria-label={`Loading ${key}`}>
          <Skeleton height={28} width="60%" />
          <Skeleton height={14} width="40%" />
          <Skeleton height={60} />
        </Stack>
      </Card>
    );
  }
  if (company.isError) {
    return (
      <Alert color="red" title={`Could not load ${key}`}>
        {company.error.message}
      </Alert>
    );
  }
  if (company.data === null) {
    return (
      <Alert color="gray" title={COMPANY_NOT_FOUND}>
        No company is listed as {key}.
      </Alert>
    );
  }

  const info = company.data;
  const sector = [info.gics_sector, info.gics_sub_industry].filter(Boolean).join(' · ');
  return (
    <SectionCard labelledBy={titleId} className={classes.card}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <CompanyAvatar image={financials.data?.image} name={info.company_name} size={48} />
          <Stack gap={4} className={classes.header}>
            <Title order={3} size="h4" id={titleId} className={classes.name}>
              {info.company_name}
            </Title>
            <Group gap="xs">
              <Badge variant="default" radius="sm">
                {key}
              </Badge>
              {info.quote_type && (
                <Text size="xs" c="dimmed" tt="capitalize">
                  {info.quote_type.toLowerCase()}
                </Text>
              )}
            </Group>
            {sector && (
              <Text size="sm" c="dimmed">
                {sector}
              </Text>
            )}
            <WebsiteLink website={info.website} />
          </Stack>
        </Group>

        {financials.data ? (
          <QuoteSummary financials={financials.data} compact />
        ) : financials.isPending ? (
          <Skeleton height={36} width="50%" />
        ) : (
          <Text size="sm" c="dimmed">
            {financials.isError ? financials.error.message : 'No price data is available.'}
          </Text>
        )}

        <CompanySummary text={companySummary(info)} />

        <Group justify="flex-end">
          <Button
            component={Link}
            to={tickerPath(key)}
            variant="light"
            rightSection={<IconArrowRight size={16} />}
            aria-label={`Open the ${info.company_name} page`}
          >
            Company page
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
