import { errorResponseSchema } from '@app/shared/api/envelope';
import {
  newsQuerySpec,
  newsResponseSchema,
  newsTickerTestResponseSchema,
} from '@app/shared/api/news';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { DEFAULT_WATCHLIST } from '@app/shared/api/market';
import { exchangeTickerSchema } from '@app/shared/api/tickers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../../http/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { queryParams } from '../../http/strict-query.ts';
import type { NewsEnrichService } from './news-enrich.service.ts';
import { currentLinker } from './news-ingest.service.ts';
import { createNewsRepository, visibleTo } from './news.repository.ts';
import { defineQueryResource } from '../../http/query/define-query-resource.ts';
import type { ZodApp } from '../../http/types.ts';
import { feedCacheFor, feedCacheKey } from './feed-cache.ts';
import { API_NEWS_SOURCE_COLUMNS, apiNewsJson, newsEnvelope } from './news.mapper.ts';
import type { Clock } from '../../clock.ts';
import { RATE_RULES, type RateLimiter } from '../security/rate-limiter.ts';

const newsQuery = defineQueryResource({
  spec: newsQuerySpec,
  table: 'news',
  tiebreaker: 'id',
  sources: {
    id: { column: 'id', asText: true },
    creation_date: { column: 'creation_date' },
    publisher: { column: 'publisher' },
    experiment: { column: 'experiment' },
    ai_summary: { column: 'ai_summary' },
    related_exchange_tickers: { arrayColumn: 'related_exchange_tickers' },
    sentiment_score: { column: 'sentiment_first', nulls: 'last' },
    interest_score: { column: 'interest_score', nulls: 'last' },
    AI__defcon_level: { json: 'AI', path: ['defcon_level'], cast: 'numeric' },
    AI__classification: { json: 'AI', path: ['classification'], cast: 'text' },
  },
});

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/** Symbol-like tokens of a text (`$NVDA`, `NASDAQ:NVDA`), upper-cased, first mention first. */
export function symbolCandidates(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(
    /\$([A-Za-z]{1,6})\b|\b([A-Z]{2,15}:[A-Z0-9][A-Z0-9.-]{0,14})\b/g,
  )) {
    found.add((match[1] ?? match[2] ?? '').toUpperCase());
  }
  return [...found].filter(Boolean);
}

/** Newest matches a search ranks. */
export const NEWS_SEARCH_WINDOW = 1_000;

/** Shortest text `/news/search/{query}` searches; shorter answers an empty list. */
export const NEWS_SEARCH_MIN = 3;

const pageParams = queryParams({
  skip: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Spec §7 "News" (query and get). Blocked articles are for admins' eyes only, whatever the filter. */
export function newsRoutes(
  app: ZodApp,
  {
    db,
    enrich,
    clock,
    limiter,
  }: { db: Database; enrich: NewsEnrichService; clock: Clock; limiter: RateLimiter },
) {
  const tags = ['news'];
  const feedCache = feedCacheFor(db);
  const news = createNewsRepository(db);

  /** The public feed's base: no experiments, no blocked articles (admins see those). */
  const visible = (request: FastifyRequest) =>
    db.selectFrom('news').where('experiment', 'is', null).where(visibleTo(request.user));
  /**
   * The articles PostgreSQL serialised (see news.mapper.ts), sent as they are: a Buffer skips
   * Fastify's serialiser; the route's response schema still documents the shape in OpenAPI.
   */
  const answer = (reply: FastifyReply, rows: readonly { article: string }[]) =>
    reply.type('application/json; charset=utf-8').send(newsEnvelope(rows));
  /** A feed answer, saying whether it came from the feed cache (`x-cache: hit|miss`). */
  const sendFeed = (reply: FastifyReply, body: Buffer, cache: 'hit' | 'miss') =>
    reply.type('application/json; charset=utf-8').header('x-cache', cache).send(body);

  /** One page of the visible articles matching `condition`, newest first. */
  const newestPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    condition: RawBuilder<boolean>,
    page: { skip: number; limit: number },
  ) =>
    answer(
      reply,
      await visible(request)
        .select(apiNewsJson().as('article'))
        .where(condition)
        .orderBy('creation_date', 'desc')
        .orderBy('id', 'desc')
        .offset(page.skip)
        .limit(page.limit)
        .execute(),
    );

  /** Debug views and tools: admins, and users who turned on my_debug_interface. */
  const requireDebugOrAdmin = async (request: FastifyRequest, message: string) => {
    const caller = currentUser(request);
    if (caller.is_admin) return;
    const flags = await db
      .selectFrom('users')
      .select('my_debug_interface')
      .where('id', '=', caller.id)
      .executeTakeFirst();
    if (!flags?.my_debug_interface) throw forbidden(message);
  };

  app.get(
    '/news/query',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'News by the query language (ai_summary__ne, related_exchange_tickers__iendswith, sentiment_score__gte, AI__defcon_level__lte, AI__classification, publisher, experiment (NULL unless given) …)',
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        response: { 200: newsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ast = newsQuery.parse(request.query, { now: clock.now() });
      const admin = request.user?.is_admin === true;
      const cacheKey = feedCacheKey(admin, request.query);
      if (!ast.extras.no_cache) {
        const cached = feedCache.get(cacheKey);
        if (cached) {
          return sendFeed(reply, cached, 'hit');
        }
      }
      let query = newsQuery.apply(
        db.selectFrom('news').select(apiNewsJson(ast.only).as('article')),
        ast,
      );
      // Spec §7: experiment defaults to NULL — experiments stay out of the public feeds.
      if (!ast.filters.some((filter) => filter.field === 'experiment')) {
        query = query.where('experiment', 'is', null);
      }
      query = query.where(visibleTo(request.user));
      const body = newsEnvelope(await query.execute());
      feedCache.set(cacheKey, body);
      return sendFeed(reply, body, 'miss');
    },
  );

  app.get(
    '/news/my_portfolio',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "News about the symbols of the caller's default watchlist, newest first",
        querystring: pageParams,
        response: { 200: newsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const list = await db
        .selectFrom('watchlists')
        .select('exchange_tickers')
        .where('user_id', '=', currentUser(request).id)
        .where('name', '=', DEFAULT_WATCHLIST)
        .executeTakeFirst();
      const symbols = list?.exchange_tickers ?? [];
      if (symbols.length === 0) return answer(reply, []);
      return newestPage(
        request,
        reply,
        sql<boolean>`related_exchange_tickers && ${symbols}::text[]`,
        request.query,
      );
    },
  );

  app.get(
    '/news/company/:symbol',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'News linked to one symbol, newest first',
        params: z.object({ symbol: exchangeTickerSchema }),
        querystring: pageParams,
        response: { 200: newsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      return newestPage(
        request,
        reply,
        sql<boolean>`related_exchange_tickers @> array[${request.params.symbol}]::text[]`,
        request.query,
      );
    },
  );

  app.get(
    '/news/search/:query',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: `Full-text search (title, description, text): the newest ${NEWS_SEARCH_WINDOW} matches, best match first; under ${NEWS_SEARCH_MIN} characters answers []`,
        params: z.object({ query: z.string().max(200, 'must be at most 200 characters') }),
        querystring: pageParams,
        response: { 200: newsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const text = request.params.query.trim();
      if (text.length < NEWS_SEARCH_MIN) return answer(reply, []);
      const query = sql`websearch_to_tsquery('english', ${text})`;
      // Rank the newest matches only: a common word matches a large share of a million articles,
      // and ranking every match would take seconds; news readers want recent articles anyway.
      const recent = visible(request)
        .select([...API_NEWS_SOURCE_COLUMNS, 'search_vector'])
        .where(sql<boolean>`search_vector @@ ${query}`)
        .orderBy('creation_date', 'desc')
        .limit(NEWS_SEARCH_WINDOW);
      const rows = await db
        .selectFrom(recent.as('recent'))
        .select(apiNewsJson().as('article'))
        .orderBy(sql`ts_rank_cd(search_vector, ${query})`, 'desc')
        .orderBy('creation_date', 'desc')
        .offset(request.query.skip)
        .limit(request.query.limit)
        .execute();
      return answer(reply, rows);
    },
  );

  app.get(
    '/news/force_reindex/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Runs the analyst on one article again (admins and debug users)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: newsResponseSchema, ...errors, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await requireDebugOrAdmin(request, 'Only admins and debug users can reindex.');
      const caller = currentUser(request);
      const { id } = request.params;
      if (!(await news.findVisibleArticle(id, caller))) throw notFound('News article not found.');
      // Every reindex is an analyst run: a paid model call with AI_PROVIDER=openai.
      if (!caller.is_admin) await limiter.hit(RATE_RULES.reindexPerUser, caller.id);
      await enrich.enrichOne(id);
      const article = await news.findVisibleArticle(id, caller);
      if (!article) throw notFound('News article not found.');
      return answer(reply, [{ article }]);
    },
  );

  app.get(
    '/news/test/tickers/:newsId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Debug: the ticker linker on one article — its answer, the listings it validated, the symbol-like tokens it did not',
        params: z.object({ newsId: z.string().max(64) }),
        response: {
          200: newsTickerTestResponseSchema,
          ...errors,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await requireDebugOrAdmin(request, 'Only admins and debug users can test the linker.');
      const row = await news.findVisibleTexts(request.params.newsId, currentUser(request));
      if (!row) throw notFound('News article not found.');
      const text = [row.title, row.description, ...row.articles].join('\n');
      const linker = await currentLinker(db, news);
      const links = linker.link(text);
      const validated = links.related_exchange_tickers;
      const unvalidated = symbolCandidates(text).filter(
        (candidate) =>
          !validated.some((symbol) => symbol === candidate || symbol.endsWith(`:${candidate}`)),
      );
      return {
        status: 'success' as const,
        response: links,
        validated_tickers: validated,
        unvalidated_tickers: unvalidated,
      };
    },
  );

  app.get(
    '/news/get/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One article with its analysis',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: newsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const article = await news.findVisibleArticle(request.params.id, request.user);
      if (!article) throw notFound('News article not found.');
      return answer(reply, [{ article }]);
    },
  );
}
