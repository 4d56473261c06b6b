import { errorResponseSchema } from '@app/shared/api/envelope';
import { trackRecordResponseSchema } from '@app/shared/api/track-record';
import type { FastifyReply } from 'fastify';
import type { ZodApp } from '../../http/types.ts';
import type { TrackRecordService } from './track-record.service.ts';

/**
 * The stored record, checked against the schema and serialised once per cached read: a Buffer
 * skips Fastify's serialiser; the route's response schema still documents it in OpenAPI.
 */
const sendJson = (reply: FastifyReply, body: Buffer) =>
  reply.type('application/json; charset=utf-8').send(body);

/** The analyst's public track record: the stored result of the nightly job. */
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
    async (_request, reply) => sendJson(reply, await trackRecord.responseBody()),
  );
}
