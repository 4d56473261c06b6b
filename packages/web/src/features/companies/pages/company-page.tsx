import { Button, Center, Grid, Loader, Stack } from '@mantine/core';
import type { Company } from '@app/shared/api/companies';
import { IconCompass } from '@tabler/icons-react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorPanel } from '../../../components/error-panel';
import {
  COMPANY_NOT_FOUND,
  CompanyHeader,
  CompanyProfile,
  PriceChart,
  RelatedCompanies,
  StockTable,
  useCompany,
  useInvalidateTickerOnLoad,
} from '../../market';
import type { CompanyFilter } from '../../market';
import { CompanyNewsTimeline } from '../../news';
import { LatestCompanyAnalysis } from '../../analysis';
import { CompanyUpcoming } from '../../market-calendar';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { CompanyDebugLinks } from '../components/company-debug-links';
import { HydrationBoundary } from '../../../lib/hydration-boundary';
import { InViewBoundary } from '../../../lib/in-view-boundary';

/** Spec §2: a company page without a filter sends the visitor to explore. */
export const NOTHING_HERE_PATH = '/company/explore?nothing_here=1';

/** The company a URL names: /ticker/{symbol}, or /company/view?symbol=|id=|name=. */
export function companyFilterOf(
  routeSymbol: string | undefined,
  searchParams: URLSearchParams,
): CompanyFilter | null {
  const symbol = (routeSymbol ?? searchParams.get('symbol') ?? '').trim();
  if (symbol !== '') return { symbol: symbol.toUpperCase() };
  const id = searchParams.get('id')?.trim() ?? '';
  if (id !== '') return { id };
  const name = searchParams.get('name')?.trim() ?? '';
  if (name !== '') return { name };
  return null;
}

/**
 * The route meta titles every company page 'Company'; once the company is known the title
 * becomes its name. Deferred to a microtask so it lands after the route's own meta effect,
 * which runs after this (child) effect in the same commit.
 */
function CompanyDetails({ company, symbol }: { company: Company; symbol: string | null }) {
  return (
    <Stack gap="lg">
      <CompanyHeader company={company} symbol={symbol} />
      <CompanyDebugLinks companyId={company.id} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {symbol && <StockTable symbol={symbol} />}
            {/* Each part hydrated in a commit of its own (short tasks); those below a phone's
                first screen only once the visitor gets to them. */}
            <HydrationBoundary>{symbol && <PriceChart symbol={symbol} />}</HydrationBoundary>
            <InViewBoundary>{symbol && <CompanyNewsTimeline symbol={symbol} />}</InViewBoundary>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <InViewBoundary>
              <LatestCompanyAnalysis companyId={company.id} symbol={symbol} />
              {symbol && <CompanyUpcoming symbol={symbol} />}
              <CompanyProfile company={company} />
              {symbol && <RelatedCompanies symbol={symbol} />}
            </InViewBoundary>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function CompanyView({ filter }: { filter: CompanyFilter }) {
  const company = useCompany(filter);
  useFailureToast(company.error, 'Company could not be loaded');
  const symbol = 'symbol' in filter ? filter.symbol : (company.data?.exchange_tickers[0] ?? null);
  useInvalidateTickerOnLoad(company.data ? symbol : null);
  usePageTitle(company.data?.company_name);

  if (company.isPending) {
    return (
      <Center mih={240} role="status" aria-label="Loading the company">
        <Loader />
      </Center>
    );
  }
  if (company.isError || company.data === null) {
    return (
      <Center mih="50vh" py="xl">
        <ErrorPanel
          title={company.isError ? 'Company could not be loaded' : COMPANY_NOT_FOUND}
          message={
            company.isError
              ? company.error.message
              : 'We could not find a company matching this address.'
          }
          actions={
            <Button component={Link} to="/company/explore" leftSection={<IconCompass size={18} />}>
              Explore companies
            </Button>
          }
        />
      </Center>
    );
  }
  return <CompanyDetails company={company.data} symbol={symbol} />;
}

/** /company/view?id=|name=|symbol= and /ticker/{EXCHANGE:TICKER} (spec §2 company page). */
export function CompanyPage() {
  const { symbol } = useParams();
  const [searchParams] = useSearchParams();
  const filter = companyFilterOf(symbol, searchParams);
  if (filter === null) return <Navigate to={NOTHING_HERE_PATH} replace />;
  return <CompanyView key={JSON.stringify(filter)} filter={filter} />;
}
