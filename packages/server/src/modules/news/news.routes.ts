import {
  newsReindexResponseSchema,
  newsResponseSchema,
  newsTickerTestResponseSchema,
} from '@app/shared/api/news';
import { exchangeTickerSchema } from '@app/shared/api/tickers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import {
  NEWS_SEARCH_MIN,
  NEWS_SEARCH_WINDOW,
  type ArticleJson,
  type NewsService,
} from './news.service.ts';
import { newsEnvelope } from './news.mapper.ts';

const errors = errorAnswers(400, 404);

const pageParams = queryParams({
  skip: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * Envelopes already written, by the list they were written from: the service's read cache hands
 * every reader of a company page, a search or a watchlist's news the same (never changed) list
 * for 5 s, so its bytes are written once, not once per request (20 articles, about 50 KB of text
 * joined and encoded each time). A new list (a miss, a write) is a new key; the old one goes with
 * its list.
 */
const envelopes = new WeakMap<readonly ArticleJson[], Buffer>();
const envelopeOf = (rows: readonly ArticleJson[]) => {
  let body = envelopes.get(rows);
  if (!body) envelopes.set(rows, (body = newsEnvelope(rows)));
  return body;
};

/**
 * The articles PostgreSQL serialised (`apiNewsJson` in news.repository.ts), sent as they are: a
 * Buffer skips Fastify's serialiser; the route's response schema still documents the shape in
 * OpenAPI.
 */
const answer = (reply: FastifyReply, rows: readonly ArticleJson[]) =>
  reply.type('application/json; charset=utf-8').send(newsEnvelope(rows));

/** `answer` for a list from the service's read cache (its envelope written once). */
const answerList = (reply: FastifyReply, rows: readonly ArticleJson[]) =>
  reply.type('application/json; charset=utf-8').send(envelopeOf(rows));

/**
 * `answerList` for a private answer (`/news/my_portfolio`: no ETag, so the HTTP cache layer does
 * not compress it once per answer as it does the public lists): the kept envelope goes
 * compressed as the caller accepts from bytes compressed once per cached list (http/kept-json.ts),
 * where the compression hook compressed its ~26 KB again on every browser's call.
 */
const answerPrivateList = (
  request: FastifyRequest,
  reply: FastifyReply,
  rows: readonly ArticleJson[],
) => sendKeptJson(request, reply, envelopeOf(rows));

/**
 * Envelopes of one article (`/news/get/{id}`), by the article the read cache keeps: every reader
 * of a busy article gets the same Buffer, so its ETag is hashed and its compressed bytes found
 * once per cached article, not built and hashed again on each call.
 */
const articleEnvelopes = new WeakMap<ArticleJson, Buffer>();
const answerArticle = (reply: FastifyReply, article: ArticleJson) => {
  let body = articleEnvelopes.get(article);
  if (!body) articleEnvelopes.set(article, (body = newsEnvelope([article])));
  return reply.type('application/json; charset=utf-8').send(body);
};

/** JSON text built here, sent as it is. */
const sendJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(Buffer.from(json));

/** A feed answer, saying whether it came from the feed cache (`x-cache: hit|miss`). */
const sendFeed = (reply: FastifyReply, body: Buffer, cache: 'hit' | 'miss') =>
  reply.type('application/json; charset=utf-8').header('x-cache', cache).send(body);

/** Spec §7 "News" (query and get). Blocked articles are for admins' eyes only, whatever the filter. */
export function newsRoutes(app: ZodApp, { news }: { news: NewsService }) {
  const tags = ['news'];
  const route = moduleRoutes({ tags, errors });

  app.get(
    '/news/query',
    route({
      access: 'public',
      summary:
        'News by the query language (ai_summary__ne, related_exchange_tickers__iendswith, sentiment_score__gte, AI__defcon_level__lte, AI__classification, publisher, experiment (NULL unless given) …)',
      querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      response: newsResponseSchema,
    }),
    async (request, reply) => {
      // The query string as sent: a question seen before skips parsing on a cache hit.
      const at = request.url.indexOf('?');
      const { body, cache } = await news.feed(
        request.query,
        request.user,
        at === -1 ? '' : request.url.slice(at + 1),
      );
      return sendFeed(reply, body, cache);
    },
  );

  app.get(
    '/news/my_portfolio',
    route({
      access: 'user',
      summary: "News about the symbols of the caller's default watchlist, newest first",
      querystring: pageParams,
      response: newsResponseSchema,
    }),
    async (request, reply) =>
      answerPrivateList(
        request,
        reply,
        await news.myPortfolio(currentUser(request), request.query),
      ),
  );

  app.get(
    '/news/company/:symbol',
    route({
      access: 'public',
      summary: 'News linked to one symbol, newest first',
      params: z.object({ symbol: exchangeTickerSchema }),
      querystring: pageParams,
      response: newsResponseSchema,
    }),
    async (request, reply) =>
      answerList(reply, await news.company(request.params.symbol, request.user, request.query)),
  );

  app.get(
    '/news/search/:query',
    route({
      access: 'public',
      summary: `Full-text search (title, description, text): the newest ${NEWS_SEARCH_WINDOW} matches, best match first; under ${NEWS_SEARCH_MIN} characters answers []`,
      params: z.object({ query: z.string().max(200, 'must be at most 200 characters') }),
      querystring: pageParams,
      response: newsResponseSchema,
    }),
    async (request, reply) =>
      answerList(reply, await news.search(request.params.query, request.user, request.query)),
  );

  app.get(
    '/news/force_reindex/:id',
    route({
      access: 'user',
      summary: 'Runs the analyst on one article again (admins and debug users; 30 an hour)',
      params: z.object({ id: z.string().max(64) }),
      response: newsResponseSchema,
      errors: errorAnswers(400, 403, 404),
    }),
    async (request, reply) =>
      answer(reply, [
        (await news.reindex(request.params.id, currentUser(request), { force: true })).article,
      ]),
  );

  app.get(
    '/news/reindex/:id',
    route({
      access: 'user',
      summary:
        "Runs the analyst on one article again only when its inputs (title, description, text, publisher, listings, the writer's hint, the analyst) changed since the stored analysis; otherwise answers that nothing changed (admins and debug users; 30 an hour, with force_reindex)",
      params: z.object({ id: z.string().max(64) }),
      response: newsReindexResponseSchema,
      errors: errorAnswers(400, 403, 404),
    }),
    async (request, reply) => {
      const result = await news.reindex(request.params.id, currentUser(request), {
        force: false,
      });
      const message = result.reindexed
        ? 'Article reindexed: its inputs changed since the last analysis.'
        : 'Nothing changed since the last analysis: not reindexed.';
      // The article as PostgreSQL serialised it, sent as it is (see `answer`).
      return sendJson(
        reply,
        `{"status":"success","news":[${result.article.article}],"reindexed":${String(result.reindexed)},"message":${JSON.stringify(message)}}`,
      );
    },
  );

  app.get(
    '/news/test/tickers/:newsId',
    route({
      access: 'user',
      summary:
        'Debug: the ticker linker on one article — its answer, the listings it validated, the symbol-like tokens it did not',
      params: z.object({ newsId: z.string().max(64) }),
      response: newsTickerTestResponseSchema,
      errors: errorAnswers(400, 403, 404),
    }),
    async (request) => {
      const report = await news.linkerReport(request.params.newsId, currentUser(request));
      return {
        status: 'success' as const,
        response: report.links,
        validated_tickers: report.validated,
        unvalidated_tickers: report.unvalidated,
      };
    },
  );

  app.get(
    '/news/get/:id',
    route({
      access: 'public',
      summary: 'One article with its analysis',
      params: z.object({ id: z.string().max(64) }),
      response: newsResponseSchema,
    }),
    async (request, reply) =>
      answerArticle(reply, await news.byId(request.params.id, request.user)),
  );
}
