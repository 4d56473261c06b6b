import {
  companyUpcomingResponseSchema,
  feedCreatedResponseSchema,
  feedStateResponseSchema,
  holdingsWeekResponseSchema,
  marketWeekQuerySchema,
  marketWeekResponseSchema,
} from '@app/shared/api/market-calendar';
import { exchangeTickerSchema } from '@app/shared/api/tickers';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import { jsonBody, sendJson } from '../../http/kept-json.ts';
import { matchesIfNoneMatch } from '../../http/http-cache.ts';
import { keptAnswer } from '../../http/kept-answer.ts';
import type { KeptFeed } from './market-calendar-cache.ts';
import type { MarketCalendarService } from './market-calendar.service.ts';

type Kept<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>;
/** The public views as JSON, written once per view the service keeps. */
const weekAnswer = keptAnswer<Kept<MarketCalendarService['keptWeek']>>();
const companyAnswer = keptAnswer<Kept<MarketCalendarService['keptCompany']>>();

const errors = errorAnswers(400, 401, 404);
const tags = ['market calendar'];
const route = moduleRoutes({ tags, errors });
/** A calendar app keeps the feed to itself and asks again (with its ETag) after 15 minutes. */
const FEED_CACHE_CONTROL = 'private, max-age=900';

/**
 * A feed's bytes as they are kept (the typed reply takes a string), or 304 with no body when the
 * calendar app already has them.
 */
function sendFeed(reply: FastifyReply, feed: KeptFeed, ifNoneMatch: string | undefined) {
  reply
    .header('etag', feed.etag)
    .header('cache-control', FEED_CACHE_CONTROL)
    .header('referrer-policy', 'no-referrer');
  if (matchesIfNoneMatch(ifNoneMatch, feed.etag)) return reply.code(304).send();
  return reply.type('text/calendar; charset=utf-8').send(feed.body);
}

/** The market calendar: public week views and company dates, a user's feed link and holdings. */
export function marketCalendarRoutes(
  app: ZodApp,
  { marketCalendar }: { marketCalendar: MarketCalendarService },
) {
  const open = { access: 'public' as const };

  app.get(
    '/market-calendar/week',
    route({
      access: 'public',
      summary:
        'One week (Monday–Friday) of earnings or dividends; scope watchlist or holdings needs a login',
      querystring: queryParams(marketWeekQuerySchema.shape),
      response: marketWeekResponseSchema,
    }),
    async (request, reply) =>
      sendJson(reply, weekAnswer(await marketCalendar.keptWeek(request.query, request.user?.id))),
  );

  app.get(
    '/market-calendar/company/:symbol',
    route({
      access: 'public',
      summary: 'A listing’s next results, next ex-dividend date and last four results',
      params: z.object({ symbol: exchangeTickerSchema }),
      response: companyUpcomingResponseSchema,
    }),
    async (request, reply) =>
      sendJson(reply, companyAnswer(await marketCalendar.keptCompany(request.params.symbol))),
  );

  app.get(
    '/market-calendar/holdings-week',
    route({
      access: 'user',
      summary: 'This week’s results, dividends and splits of the caller’s holdings',
      response: holdingsWeekResponseSchema,
    }),
    async (request, reply) => {
      const answer = await marketCalendar.holdingsWeek(currentUser(request).id);
      return sendJson(reply, jsonBody({ status: 'success', ...answer }));
    },
  );

  app.get(
    '/market-calendar/feed',
    route({
      access: 'user',
      summary: 'Whether the caller has a private calendar feed link',
      response: feedStateResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      ...(await marketCalendar.feedState(currentUser(request).id)),
    }),
  );

  app.post(
    '/market-calendar/feed/create',
    route({
      access: 'user',
      summary: 'A new private calendar feed link (the previous one stops working); shown once',
      response: feedCreatedResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      ...(await marketCalendar.createFeed(currentUser(request).id)),
    }),
  );

  app.post(
    '/market-calendar/feed/revoke',
    route({
      access: 'user',
      summary: 'Revokes the caller’s private calendar feed link',
      response: feedStateResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      ...(await marketCalendar.revokeFeed(currentUser(request).id)),
    }),
  );

  // The token in the path is the credential: calendar apps send no header or cookie. They poll:
  // the ETag lets them ask whether anything changed (304, no body), and the feed stays private
  // to the app's own store for a quarter of an hour before it asks again.
  app.get(
    '/market-calendar/feed/:file',
    {
      config: open,
      schema: {
        tags,
        summary:
          'The iCalendar feed of a private link: its owner’s holdings’ and watchlists’ events',
        description:
          'Answers with a weak `ETag` and `Cache-Control: private, max-age=900`; a request whose ' +
          '`If-None-Match` matches the current ETag is answered 304 with no body. The ETag ' +
          'changes only when the feed’s events do (not with its DTSTAMP).',
        params: z.object({
          file: z.string().regex(/^[0-9a-f]{64}\.ics$/, 'The calendar link is not valid.'),
        }),
        response: {
          200: z.string().describe('text/calendar'),
          304: z.null().describe('Not modified: the feed is the one whose ETag was sent'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const feed = await marketCalendar.feed(request.params.file.slice(0, -'.ics'.length));
      return sendFeed(reply, feed, request.headers['if-none-match']);
    },
  );
}
