import { trackRecordResponseSchema, type TrackRecord } from '@app/shared/api/track-record';
import { sendJson } from '../../http/kept-json.ts';
import { keptAnswer } from '../../http/kept-answer.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { TrackRecordService } from './track-record.service.ts';

/**
 * The stored record written once per cached read (the service checked it against the schema when
 * it read it): a Buffer skips Fastify's serialiser; the response schema still documents it.
 */
const recordAnswer = keptAnswer<TrackRecord>(undefined, (record) => ({ track_record: record }));
const NO_RECORD = Buffer.from(JSON.stringify({ status: 'success', track_record: null }));

const route = moduleRoutes({ tags: ['analysis'], errors: errorAnswers() });

/** The analyst's public track record: the stored result of the nightly job. */
export function trackRecordRoutes(
  app: ZodApp,
  { trackRecord }: { trackRecord: TrackRecordService },
) {
  app.get(
    '/analysis/track-record',
    route({
      access: 'public',
      summary:
        "The analyst's track record: hit rates of its bullish and bearish calls against the market over 1, 5 and 20 trading days (computed nightly; null before the first run)",
      response: trackRecordResponseSchema,
      errors: errorAnswers(400),
    }),
    async (_request, reply) => {
      const record = await trackRecord.current();
      return sendJson(reply, record ? recordAnswer(record) : NO_RECORD);
    },
  );
}
