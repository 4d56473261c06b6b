import { defineJob } from '../../jobs/define-job.ts';
import { JOB_PAYLOADS } from '../../jobs/job-catalog.ts';

/** A start's re-runs, a minute apart, while the articles or bars keep changing. */
const MAX_START_ROUNDS = 10;

/**
 * Nightly at 05:30 UTC (after the US close has settled in the bars) and once when a worker starts
 * with `ifStale`: the analyst's track record from the stored articles and daily bars. On demo
 * data the start first stores the demo newsroom's past sessions (so 20-day horizons exist on any
 * date). A fresh start is still loading bars and enriching articles, so the start's run repeats a
 * minute later until a run finds nothing new (at most ten times).
 */
export const computeTrackRecordJob = defineJob({
  name: 'track-record.compute',
  payload: JOB_PAYLOADS['track-record.compute'],
  retry: { retryLimit: 2, retryDelaySeconds: 300, backoff: true, expireInSeconds: 1_800 },
  schedule: { cron: '30 5 * * *', data: { ifStale: false, round: 0 } },
  handler: async (data, { services, jobs, log }) => {
    const history = services.trackRecordDemoHistory;
    if (history && data.round === 0) {
      const { stored } = await history.ingest();
      if (stored > 0) {
        log.info({ stored }, 'stored the demo newsroom history for the track record');
        await jobs.enqueue('news.enrich', {}, { singletonKey: 'after-ingest' });
      }
    }
    const result = await services.trackRecord.compute({ ifStale: data.ifStale });
    if (result.computed) log.info(result, 'track record computed');
    if (data.ifStale && result.computed && data.round < MAX_START_ROUNDS) {
      await jobs.enqueue(
        'track-record.compute',
        { ifStale: true, round: data.round + 1 },
        { startAfter: 60, singletonKey: `start-${data.round + 1}` },
      );
    }
  },
});

export const trackRecordJobs = [computeTrackRecordJob] as const;
