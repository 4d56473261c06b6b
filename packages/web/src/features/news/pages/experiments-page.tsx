import { Center, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ErrorPanel, HomeButton } from '../../../components/error-panel';
import { EXPERIMENT_FILTERS, querySource } from '../api/news-feed';
import { feedFiltersWith, newsFeedParamsOf } from '../api/news-feed-params';
import { ScrollFeed } from '../components/news-feed-list';
import { PinnedArticle } from '../components/pinned-article';
import { useViewer } from '../../users';
import { PageTitle } from '../../../components/page-title';

export const EXPERIMENTS_ONLY_MESSAGE =
  'Experiments are only available to users with the debugging interface.';

function NotAvailable() {
  return (
    <Center mih="50vh" py="xl">
      <ErrorPanel
        code="403"
        title="Not available"
        message={EXPERIMENTS_ONLY_MESSAGE}
        actions={<HomeButton to="/news/latest_ai">Back to the news</HomeButton>}
      />
    </Center>
  );
}

/**
 * /news/experiments (spec §2, debug users only; the route needs a login): every article with an
 * experiment (`experiment__ne=NULL`), each labelled with its experiment; ?experiment=name keeps
 * one experiment. Other logged-in users get a 'not available' notice rather than a 404, so a
 * debug user who turned the flag off knows why the page went away.
 */
export function ExperimentsPage() {
  const { debug } = useViewer();
  const [searchParams] = useSearchParams();
  if (!debug) return <NotAvailable />;
  const params = newsFeedParamsOf(searchParams);
  const filters = feedFiltersWith(EXPERIMENT_FILTERS, params);
  return (
    <Stack gap="lg">
      <PageTitle title="Experiments">
        {params.experiment === null
          ? 'Articles carrying an experiment variant, newest first.'
          : `The articles of experiment “${params.experiment}”.`}
      </PageTitle>
      {params.id !== null && <PinnedArticle id={params.id} />}
      <ScrollFeed
        key={JSON.stringify(filters)}
        source={querySource(filters)}
        excludeId={params.id}
        showExperiment
      />
    </Stack>
  );
}
