import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSectors } from '../api/categories';
import { useCompanyPlace } from '../api/company-lookup';
import { NothingHereBanner } from '../components/nothing-here-banner';
import { SectorAccordion } from '../components/sector-accordion';
import { focusSymbol, isNothingHere } from '../explore-params';

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/**
 * /company/explore (spec §2 company exploration), optionally ?exchange=&symbol= to open and
 * highlight one company, and the sad banner with ?nothing_here (or nothingHere).
 */
export function ExplorePage() {
  const [params] = useSearchParams();
  const symbol = focusSymbol(params);
  const sectors = useSectors();
  const place = useCompanyPlace(symbol);
  const total = sectors.data?.reduce((sum, sector) => sum + sector.count, 0) ?? 0;

  return (
    <Stack gap="lg">
      {isNothingHere(params) && <NothingHereBanner />}
      <div>
        <Title order={1} size="h2">
          Explore companies
        </Title>
        <Text c="dimmed" mt={4}>
          {sectors.data
            ? `${plural(total, 'company', 'companies')} in ${plural(sectors.data.length, 'sector', 'sectors')}. Open a sector, then a sub-industry, to see its companies.`
            : 'Companies by GICS sector and sub-industry.'}
        </Text>
      </div>

      {symbol !== null && place.data === null && (
        <Alert color="gray" title="Company not found">
          No company is listed as {symbol}.
        </Alert>
      )}

      {sectors.isPending && (
        <Stack gap="sm" role="status" aria-label="Loading the sectors">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={56} radius="lg" />
          ))}
        </Stack>
      )}
      {sectors.isError && (
        <Alert color="red" title="The sectors could not be loaded">
          {sectors.error.message}
        </Alert>
      )}
      {sectors.data?.length === 0 && <Text c="dimmed">No companies are listed yet.</Text>}
      {sectors.data && sectors.data.length > 0 && (
        <SectorAccordion
          sectors={sectors.data}
          focus={symbol !== null && place.data ? { ...place.data, symbol } : undefined}
        />
      )}
    </Stack>
  );
}
