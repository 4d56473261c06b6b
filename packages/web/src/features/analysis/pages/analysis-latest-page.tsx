import { ANALYSIS_PAGE_SIZE } from '@app/shared/api/analysis';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../components/link';
import { useAnalysesPage } from '../api/company-analyses';
import { AnalysisList } from '../components/analysis-list';
import { usePageParam } from './page-param';

const LATEST = { kind: 'latest' } as const;

/** `/` and `/analysis/latest` (spec §2 "Analyst summaries"): each company's latest analysis. */
export function AnalysisLatestPage() {
  const [page, setPage] = usePageParam();
  const query = useAnalysesPage(LATEST, page, ANALYSIS_PAGE_SIZE);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>AI company analysis</Title>
        <Text c="dimmed">
          The analyst&apos;s latest view of the companies in the news, from their recent articles
          and price action. Numbered markers link to the articles.{' '}
          <Anchor component={Link} to={PAGE_PATHS.analysisTrackRecord}>
            How often was the analyst right?
          </Anchor>
        </Text>
      </Stack>
      <AnalysisList
        data={query.data}
        isPending={query.isPending}
        error={query.error}
        page={page}
        onPage={setPage}
      />
    </Stack>
  );
}
