import type { TrackRecord } from '@app/shared/api/track-record';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { formatDateTime } from '@app/shared/display/dates';
import { Alert, Anchor, Center, Divider, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFlask, IconHourglass } from '@tabler/icons-react';
import { Link } from '../../../components/link';
import { ErrorPanel } from '../../../components/error-panel';
import { useTrackRecord } from '../api/track-record';
import { CallsTable } from '../components/track-record-calls';
import { CalibrationChart } from '../components/track-record-calibration';
import { horizonLabel } from '../components/track-record-format';
import { GroupTable, HitRateCards } from '../components/track-record-tables';

export const TRACK_RECORD_TITLE = "The analyst's track record";
export const TRACK_RECORD_PENDING =
  'The track record is being computed from the stored articles and prices. It appears here when the first run has finished.';
export const TRACK_RECORD_DEMO =
  'Computed on demo data: the prices and news of this offline demo are synthetic, so these figures show how the method works, not how the analyst does on real markets.';

function Methodology({ record }: { record: TrackRecord | null }) {
  const maxCompanies = record?.max_companies_per_article ?? 3;
  const benchmark = record?.benchmark.name ?? 'the market';
  return (
    <Stack gap={4} component="section" aria-labelledby="track-record-method">
      <Title order={2} size="h3" id="track-record-method">
        Methodology
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          A call is an analysed article with a bullish (score above 0) or bearish (below 0)
          sentiment, linked to one to {maxCompanies} companies; each linked company is one call.
          Neutral articles, and lists naming more than {maxCompanies} companies (movers, sector
          briefs), are not calls.
        </List.Item>
        <List.Item>
          Each call is measured from the first daily close after it was published: the same
          day&apos;s close when it appeared before 16:00 New York time on a trading day, otherwise
          the next session&apos;s. The move an article reports therefore never counts for it.
        </List.Item>
        <List.Item>
          Its company&apos;s return over the next 1, 5 and 20 trading days (its own sessions) is
          compared with the market&apos;s over the same days ({benchmark}
          {record?.benchmark.symbol ? '' : ': each day the mean return of every listed company'}). A
          bullish call is a hit when the company beat the market, a bearish one when it lagged it.
        </List.Item>
        <List.Item>
          Hit rates come with 95% Wilson score intervals: with few calls the interval is wide, and a
          rate is only better than a coin toss when its whole interval lies above 50%.
        </List.Item>
        <List.Item>
          Calibration groups the calls by score: stronger calls should be followed by larger moves
          in their direction. Best and worst calls are ranked by the return against the market in
          the call&apos;s direction
          {record ? ` over ${horizonLabel(record.ranking_horizon)}` : ''}.
        </List.Item>
        <List.Item>
          Everything is computed by a nightly job from the stored daily prices and articles (and
          once at start when they changed); nobody edits the figures. Calls whose horizon has not
          closed yet wait for a later run.
        </List.Item>
      </List>
    </Stack>
  );
}

function RecordBody({ record }: { record: TrackRecord }) {
  const horizons = record.horizons;
  return (
    <Stack gap="xl">
      {record.demo && (
        <Alert color="blue" variant="light" icon={<IconFlask size={18} />} title="Demo data">
          {TRACK_RECORD_DEMO}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {record.calls.toLocaleString('en-US')} scored calls from{' '}
        {record.articles.toLocaleString('en-US')} articles (
        {record.list_articles.toLocaleString('en-US')} list articles left out,{' '}
        {record.pending.toLocaleString('en-US')} calls still open) · prices to {record.as_of ?? '—'}{' '}
        · market: {record.benchmark.name} · computed {formatDateTime(record.computed_at, 'UTC')} UTC
      </Text>
      <HitRateCards stats={record.overall} />
      <GroupTable
        title="By direction"
        caption="Bullish calls are hits when the company beat the market; bearish ones when it lagged."
        groups={record.by_direction}
        horizons={horizons}
      />
      <GroupTable
        title="By sentiment band"
        caption="Very bearish is a score of −5 or less, very bullish above +5."
        groups={record.by_band}
        horizons={horizons}
      />
      <CalibrationChart bins={record.calibration} horizons={horizons} />
      <GroupTable
        title="By classification"
        caption="The analyst's category of the article."
        groups={record.by_classification}
        horizons={horizons}
      />
      <CallsTable title="Best calls" calls={record.best} horizon={record.ranking_horizon} />
      <CallsTable title="Worst calls" calls={record.worst} horizon={record.ranking_horizon} />
    </Stack>
  );
}

/** `/analysis/track-record`: how often the analyst's calls were right, and how it is measured. */
export function TrackRecordPage() {
  const query = useTrackRecord();
  const record = query.data ?? null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{TRACK_RECORD_TITLE}</Title>
        <Text c="dimmed">
          How often the AI analyst&apos;s bullish and bearish calls were right: every call scored by
          its company&apos;s return against the market over the next 1, 5 and 20 trading days.{' '}
          <Anchor component={Link} to={PAGE_PATHS.analysisLatest}>
            Latest analyses
          </Anchor>
        </Text>
      </Stack>
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the track record" />
        </Center>
      ) : query.error ? (
        <ErrorPanel title="The track record could not be loaded" message={query.error.message} />
      ) : record ? (
        <RecordBody record={record} />
      ) : (
        <Alert color="gray" variant="light" icon={<IconHourglass size={18} />}>
          {TRACK_RECORD_PENDING}
        </Alert>
      )}
      <Divider />
      <Methodology record={record} />
    </Stack>
  );
}
