import { trackRecordResponseSchema, type TrackRecord } from '@app/shared/api/track-record';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /analysis/track-record: the newest stored track record (null before the first run). */
export async function fetchTrackRecord(signal?: AbortSignal): Promise<TrackRecord | null> {
  const { track_record } = await apiGet('/analysis/track-record', undefined, {
    schema: trackRecordResponseSchema,
    signal,
  });
  return track_record;
}

export function trackRecordQueryOptions() {
  return queryOptions({
    queryKey: ['analysis', 'track-record'] as const,
    queryFn: ({ signal }) => fetchTrackRecord(signal),
    // Computed nightly: a minute is fresh enough.
    staleTime: 60_000,
  });
}

/** The track record; while none is stored yet (a fresh start), asks again every 30 s. */
export function useTrackRecord() {
  return useQuery({
    ...trackRecordQueryOptions(),
    refetchInterval: (query) => (query.state.data === null ? 30_000 : false),
    refetchIntervalInBackground: false,
  });
}
