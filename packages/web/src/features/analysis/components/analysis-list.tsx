import { BackNextPager } from '../../../components/back-next-pager';
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AnalysesPage } from '../api/company-analyses';
import { AnalysisCard } from './analysis-card';

/** Spec §8: the analyst summaries' empty text. */
export const NO_ANALYSES_MESSAGE = 'No articles found.';

export interface AnalysisListProps {
  data: AnalysesPage | undefined;
  isPending: boolean;
  error: Error | null;
  /** 1-based. */
  page: number;
  onPage: (page: number) => void;
  /** Stock table and chart on each analysis (default true). */
  showMarket?: boolean;
  /** Shown above the analyses once loaded (a symbol page's stock table and chart). */
  header?: ReactNode;
}

/** A page of company analyses with its states and Back/Next pagination (spec §9: 2 a page). */
export function AnalysisList({
  data,
  isPending,
  error,
  page,
  onPage,
  showMarket = true,
  header,
}: AnalysisListProps) {
  const items = data?.items ?? [];
  let body: ReactNode;
  if (isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading the analyses" />
      </Center>
    );
  } else if (error) {
    body = (
      <Alert color="red" role="alert" title="Analyses could not be loaded">
        {error.message}
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="md">
        {NO_ANALYSES_MESSAGE}
      </Text>
    );
  } else {
    body = items.map(({ analysis, company }) => (
      <AnalysisCard
        key={analysis.id}
        analysis={analysis}
        company={company}
        showMarket={showMarket}
      />
    ));
  }
  const hasNext = data?.hasNext ?? false;
  return (
    <Stack gap="lg">
      {header}
      {body}
      {(page > 1 || hasNext) && (
        <BackNextPager
          page={page}
          hasNext={hasNext}
          onPage={onPage}
          label="Analysis pages"
          busy={isPending}
        />
      )}
    </Stack>
  );
}
