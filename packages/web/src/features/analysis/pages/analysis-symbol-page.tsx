import { ANALYSIS_PAGE_SIZE } from '@app/shared/api/analysis';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { Anchor, Button, Center, Grid, Stack, Text, Title } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { Link } from '../../../components/link';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorPanel } from '../../../components/error-panel';
import { ApiError } from '../../../lib/api-client';
import { useAnalysesPage } from '../api/company-analyses';
import { AnalysisList } from '../components/analysis-list';
import { usePageParam } from './page-param';
import { tickerPath } from '../../../lib/ticker-path';
import { COMPANY_NOT_FOUND, PriceChart, StockTable } from '../../market';

/** `/analysis/{EXCHANGE:TICKER}`: 'Analysis of {symbol}', the company's analyses newest first. */
export function AnalysisSymbolPage() {
  const symbol = (useParams().symbol ?? '').trim().toUpperCase();
  usePageTitle(`Analysis of ${symbol}`);
  const [page, setPage] = usePageParam();
  const query = useAnalysesPage({ kind: 'symbol', symbol }, page, ANALYSIS_PAGE_SIZE);
  const company = query.data?.companies[0];

  if (
    query.error instanceof ApiError &&
    (query.error.status === 404 || query.error.status === 400)
  ) {
    return (
      <Center mih="50vh" py="xl">
        <ErrorPanel
          title={COMPANY_NOT_FOUND}
          message={`We could not find a company listed as ${symbol}.`}
          actions={
            <Button component={Link} to="/company/explore" leftSection={<IconCompass size={18} />}>
              Explore companies
            </Button>
          }
        />
      </Center>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Analysis of {symbol}</Title>
        {company && (
          <Text c="dimmed">
            <Anchor component={Link} to={tickerPath(symbol)}>
              {company.company_name}
            </Anchor>
            : the analyst&apos;s views, newest first.{' '}
            <Anchor component={Link} to={PAGE_PATHS.analysisTrackRecord}>
              Its track record
            </Anchor>
          </Text>
        )}
      </Stack>
      <AnalysisList
        data={query.data}
        isPending={query.isPending}
        error={query.error}
        page={page}
        onPage={setPage}
        showMarket={false}
        header={
          company && (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <StockTable symbol={symbol} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <PriceChart symbol={symbol} />
              </Grid.Col>
            </Grid>
          )
        }
      />
    </Stack>
  );
}
