import { errorResponseSchema } from '@app/shared/api/envelope';
import {
  DEFAULT_WATCHLIST,
  watchlistNameSchema,
  watchlistResponseSchema,
} from '@app/shared/api/market';
import { exchangeTickerSchema } from '@app/shared/api/tickers';
import { queryFlagSchema } from '@app/shared/query/query-flag';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { queryParams } from '../../http/strict-query.ts';
import type { ZodApp } from '../../http/types.ts';
import { sendJson } from '../quotes/answer-cache.ts';
import type { QuoteService } from '../quotes/quote.service.ts';
import type { WatchlistRow } from './watchlist.repository.ts';
import type { WatchlistService } from './watchlist.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const listParams = z.object({ list: watchlistNameSchema });
const symbolParams = z.object({ list: watchlistNameSchema, symbol: exchangeTickerSchema });
const answer = (row: WatchlistRow) => ({ status: 'success' as const, ...row });

/** Spec §7 "Watchlist and tickers": the caller's own lists only. */
export function watchlistRoutes(
  app: ZodApp,
  { watchlists, quotes }: { watchlists: WatchlistService; quotes: QuoteService },
) {
  const base = '/ticker/user/watchlist';
  const config = { access: 'user' as const };
  const tags = ['watchlists'];

  app.get(
    `${base}/get/:list`,
    {
      config,
      schema: {
        tags,
        summary: 'A watchlist; add_financials=1 adds the latest quote and change fields per symbol',
        params: listParams,
        querystring: queryParams({ add_financials: queryFlagSchema }),
        response: { 200: watchlistResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The list is read on every call (one indexed read), so a change made through any
      // process shows at once; its financials come from the quote service's short-lived cache.
      const row = await watchlists.get(currentUser(request).id, request.params.list);
      if (!request.query.add_financials) return answer(row);
      const { json } = await quotes.financialsJson(row.exchange_tickers);
      // The answer as the route's schema writes it, with the cached financials JSON spliced in.
      return sendJson(
        reply,
        Buffer.from(
          `{"status":"success","name":${JSON.stringify(row.name)},"exchange_tickers":${JSON.stringify(row.exchange_tickers)},"financials":${json}}`,
        ),
      );
    },
  );

  app.get(
    `${base}/append/:list/:symbol`,
    {
      config,
      schema: {
        tags,
        summary: 'Adds a symbol (ignored when present; at most 200 a list)',
        params: symbolParams,
        response: { 200: watchlistResponseSchema, ...errors },
      },
    },
    async (request) =>
      answer(
        await watchlists.append(
          currentUser(request).id,
          request.params.list,
          request.params.symbol,
        ),
      ),
  );

  app.get(
    `${base}/remove_ticker/:list/:symbol`,
    {
      config,
      schema: {
        tags,
        summary: 'Removes a symbol from a list',
        params: symbolParams,
        response: { 200: watchlistResponseSchema, ...errors },
      },
    },
    async (request) =>
      answer(
        await watchlists.remove(
          currentUser(request).id,
          request.params.list,
          request.params.symbol,
        ),
      ),
  );

  app.get(
    `${base}/remove/default/:symbol`,
    {
      config,
      schema: {
        tags,
        summary: 'Removes a symbol from the default list',
        params: z.object({ symbol: exchangeTickerSchema }),
        response: { 200: watchlistResponseSchema, ...errors },
      },
    },
    async (request) =>
      answer(
        await watchlists.remove(currentUser(request).id, DEFAULT_WATCHLIST, request.params.symbol),
      ),
  );

  app.get(
    `${base}/rm/:list`,
    {
      config,
      schema: {
        tags,
        summary: 'Empties a list',
        params: listParams,
        response: { 200: watchlistResponseSchema, ...errors },
      },
    },
    async (request) => answer(await watchlists.clear(currentUser(request).id, request.params.list)),
  );
}
