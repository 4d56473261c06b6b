import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCategory } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { showInfoToast } from '../../../lib/toast';
import { useCompanyBySafeName } from '../api/company-lookup';
import { explorePath } from '../explore-params';
import { CompanyInfoCard } from '../../market';
import { CompanyNewsTimeline } from '../../news';

const EXPLORE = '/company/explore';

/**
 * /company/news?company_name={safe_name} (spec §2 'My topics'): the company's header, info card
 * and news timeline; without a name, or for an unknown one, the explore page.
 */
export function MyTopicsPage() {
  const [params] = useSearchParams();
  const name = params.get('company_name')?.trim() || null;
  const company = useCompanyBySafeName(name);
  const unknown = name !== null && company.data === null;

  useEffect(() => {
    if (unknown) showInfoToast(`No company is known as “${name}”.`, 'Company not found');
  }, [unknown, name]);

  const info = company.data;
  if (name === null || info === null) return <Navigate replace to={EXPLORE} />;
  if (company.isError) {
    return (
      <Alert color="red" title="The company could not be loaded">
        {company.error.message}
      </Alert>
    );
  }
  if (info === undefined) {
    return (
      <Stack gap="md" role="status" aria-label="Loading the company">
        <Skeleton height={36} width="50%" />
        <Skeleton height={200} radius="lg" />
      </Stack>
    );
  }

  const symbol = info.exchange_tickers[0];
  const place = [info.gics_sector, info.gics_sub_industry].filter(Boolean).join(' · ');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            My topics
          </Text>
          <Title order={1} size="h2">
            {info.company_name}
          </Title>
          {place && <Text c="dimmed">{place}</Text>}
        </div>
        {symbol !== undefined && (
          <Button
            component={Link}
            to={explorePath(symbol)}
            variant="default"
            leftSection={<IconCategory size={16} aria-hidden="true" />}
          >
            Similar companies
          </Button>
        )}
      </Group>

      {symbol === undefined ? (
        <Text c="dimmed">
          This company has no listed ticker, so there are no prices or news to show.
        </Text>
      ) : (
        <>
          <CompanyInfoCard symbol={symbol} />
          <CompanyNewsTimeline symbol={symbol} />
        </>
      )}
    </Stack>
  );
}
