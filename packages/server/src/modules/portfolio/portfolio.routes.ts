import { deletedResponse } from '@app/shared/api/envelope';
import {
  DEFAULT_PORTFOLIO,
  IMPORT_MAX_BYTES,
  importPreviewResponseSchema,
  importRequestSchema,
  importResponseSchema,
  PERFORMANCE_RANGES,
  portfolioListResponseSchema,
  portfolioSnapshotResponseSchema,
  transactionInputSchema,
  transactionListResponseSchema,
  transactionResponseSchema,
  TRANSACTIONS_PER_PORTFOLIO_MAX,
} from '@app/shared/api/portfolio';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { keptBytes } from '../../http/kept-answer.ts';
import { keptAnswerAt } from '../../http/kept-answer-at.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { responseWriter } from '../../http/serializer.ts';
import type { TransactionList } from './portfolio-ledger-answers.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { PortfolioService } from './portfolio.service.ts';

const errors = errorAnswers(400, 401, 404, 409);
/**
 * Kept answers written once per kept value by the route's compiled response writer: a ledger (or
 * a page of it), and a snapshot whose `as_of` alone follows the clock (spliced in per second).
 */
const writeTransactions = responseWriter(transactionListResponseSchema);
const transactionsAnswer = keptBytes<TransactionList>((list) =>
  writeTransactions({ status: 'success', ...list }),
);
const snapshotAnswer = keptAnswerAt(portfolioSnapshotResponseSchema, 'as_of');
const portfolioName = z.string().trim().min(1).max(40);
const portfolioQuery = queryParams({ portfolio: portfolioName.default(DEFAULT_PORTFOLIO) });
const idParams = z.object({ id: z.uuid('Invalid transaction id.') });
/** A CSV of IMPORT_MAX_BYTES inside a JSON body, with room for its escaping. */
const IMPORT_BODY_LIMIT = IMPORT_MAX_BYTES * 2 + 10_000;

/** Portfolio tracking: the caller's own portfolios only; another user's are a 404. */
export function portfolioRoutes(app: ZodApp, { portfolio }: { portfolio: PortfolioService }) {
  const config = { access: 'user' as const };
  const tags = ['portfolio'];
  const route = moduleRoutes({ tags, errors, access: 'user' });

  app.get(
    '/portfolio/list',
    route({
      summary: "The user's portfolios ('default' first)",
      response: portfolioListResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      portfolios: await portfolio.list(currentUser(request).id),
    }),
  );

  app.post(
    '/portfolio/create',
    route({
      summary: 'Creates a portfolio (at most 10 a user; an existing name is kept)',
      body: z.object({ name: portfolioName }),
      response: portfolioListResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      portfolios: await portfolio.create(currentUser(request).id, request.body.name),
    }),
  );

  app.get(
    '/portfolio/transactions',
    route({
      summary:
        "A portfolio's transactions in ledger order (date, then entry order); all of them, or `limit` from `skip`",
      querystring: queryParams({
        portfolio: portfolioName.default(DEFAULT_PORTFOLIO),
        skip: z.coerce.number().int().min(0).max(TRANSACTIONS_PER_PORTFOLIO_MAX).default(0),
        limit: z.coerce.number().int().min(1).max(1_000).optional(),
      }),
      response: transactionListResponseSchema,
    }),
    async (request, reply) => {
      const { portfolio: name, skip, limit } = request.query;
      const list = await portfolio.transactionList(currentUser(request).id, name, { skip, limit });
      return sendKeptJson(request, reply, transactionsAnswer(list));
    },
  );

  app.post(
    '/portfolio/transactions/create',
    route({
      summary: 'Records a buy, sell, dividend, fee or split (validated against the ledger)',
      body: transactionInputSchema,
      response: transactionResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      transaction: await portfolio.record(currentUser(request).id, request.body),
    }),
  );

  app.post(
    '/portfolio/transactions/update/:id',
    route({
      summary: 'Replaces a transaction (the ledger must stay valid)',
      params: idParams,
      body: transactionInputSchema,
      response: transactionResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      transaction: await portfolio.update(currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.get(
    '/portfolio/transactions/rm/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Deletes a transaction (refused when a later sale would then sell too much)',
        params: idParams,
        response: { 200: deletedResponse({ id: z.string() }), ...errors },
      },
    },
    async (request) => {
      await portfolio.remove(currentUser(request).id, request.params.id);
      return { status: 'deleted' as const, id: request.params.id };
    },
  );

  app.get(
    '/portfolio/snapshot',
    route({
      summary:
        'Holdings (average cost), P&L, returns 1D…MAX (TWR, MWR, benchmark), value series, allocation',
      querystring: queryParams({
        portfolio: portfolioName.default(DEFAULT_PORTFOLIO),
        range: z.enum(PERFORMANCE_RANGES).default('1Y'),
      }),
      response: portfolioSnapshotResponseSchema,
    }),
    async (request, reply) => {
      const { portfolio: name, range } = request.query;
      const { snapshot, asOf } = await portfolio.snapshotAt(currentUser(request).id, name, range);
      return sendKeptJson(request, reply, snapshotAnswer(snapshot, asOf));
    },
  );

  app.get(
    '/portfolio/export',
    {
      config,
      schema: {
        tags,
        summary: 'The transactions as CSV (date,type,symbol,quantity,price,fees,currency,note)',
        querystring: portfolioQuery,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await portfolio.exportCsv(currentUser(request).id, request.query.portfolio);
      const file = request.query.portfolio.replace(/[^\w-]+/g, '_');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="portfolio-${file}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/portfolio/import/preview',
    {
      config,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Reads a CSV (ours, or a broker export through a column mapping); writes nothing',
        body: importRequestSchema,
        response: { 200: importPreviewResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await portfolio.preview(currentUser(request).id, request.body)),
    }),
  );

  app.post(
    '/portfolio/import',
    {
      config,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Imports every row of a CSV, or nothing when one row is invalid',
        body: importRequestSchema,
        response: { 200: importResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      imported: await portfolio.import(currentUser(request).id, request.body),
    }),
  );
}
