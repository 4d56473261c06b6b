import { errorResponseSchema } from '@app/shared/api/envelope';
import { trackRecordResponseSchema } from '@app/shared/api/track-record';
import type { ZodApp } from '../../http/types.ts';
import type { TrackRecordService } from './track-record.service.ts';

/** The analyst's public track record (issue 17 §4): the stored result of the nightly job. */
export function trackRecordRoutes(
  app: ZodApp,
  { trackRecord }: { trackRecord: TrackRecordService },
) {
  app.get(
    '/analysis/track-record',
    {
      config: { access: 'public' },
      schema: {
        tags: ['analysis'],
        summary:
          "The analyst's track record: hit rates of its bullish and bearish calls against the market over 1, 5 and 20 trading days (computed nightly; null before the first run)",
        response: { 200: trackRecordResponseSchema, 400: errorResponseSchema },
      },
    },
    async () => ({ status: 'success' as const, track_record: await trackRecord.current() }),
  );
}
