import {
  DEFAULT_WATCHLIST,
  watchlistNameSchema,
  watchlistResponseSchema,
} from '@app/shared/api/market';
import { exchangeTickerSchema } from '@app/shared/api/tickers';
import { queryFlagSchema } from '@app/shared/query/query-flag';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { QuoteService } from '../quotes/quote.service.ts';
import type { WatchlistRow, WatchlistService } from './watchlist.service.ts';

const errors = errorAnswers(400, 401, 404, 409);
const listParams = z.object({ list: watchlistNameSchema });
const symbolParams = z.object({ list: watchlistNameSchema, symbol: exchangeTickerSchema });
const answer = (row: WatchlistRow) => ({ status: 'success' as const, ...row });
/**
 * Answers with financials already written, by the quote service's kept financials answer (one per
 * list of symbols, 5 s) and the list's name: the same bytes, so they are compressed once
 * (`sendKeptJson`), not again on every call of an open watchlist page (the compression hook
 * compressed this signed-in answer per call, 0.52× the reference as a browser asks, 1.78× plain).
 */
const financialsAnswers = new WeakMap<object, Map<string, Buffer>>();

/** Spec §7 "Watchlist and tickers": the caller's own lists only. */
export function watchlistRoutes(
  app: ZodApp,
  { watchlists, quotes }: { watchlists: WatchlistService; quotes: QuoteService },
) {
  const base = '/ticker/user/watchlist';
  const tags = ['watchlists'];
  const route = moduleRoutes({ tags, errors, access: 'user' });

  app.get(
    `${base}/get/:list`,
    route({
      summary: 'A watchlist; add_financials=1 adds the latest quote and change fields per symbol',
      params: listParams,
      querystring: queryParams({ add_financials: queryFlagSchema }),
      response: watchlistResponseSchema,
    }),
    async (request, reply) => {
      // The list comes from the watchlist cache (WATCHLIST_CACHE: a change made through any
      // process is dropped everywhere before it is answered), its financials from the quote
      // service's short-lived cache.
      const row = await watchlists.get(currentUser(request).id, request.params.list);
      if (!request.query.add_financials) return answer(row);
      const financials = await quotes.financialsJson(row.exchange_tickers);
      // The answer as the route's schema writes it, with the cached financials JSON spliced in:
      // written once per kept financials answer and list name (the symbols are the answer's key).
      let written = financialsAnswers.get(financials);
      if (!written) financialsAnswers.set(financials, (written = new Map<string, Buffer>()));
      let body = written.get(row.name);
      if (!body) {
        body = Buffer.from(
          `{"status":"success","name":${JSON.stringify(row.name)},"exchange_tickers":${JSON.stringify(row.exchange_tickers)},"financials":${financials.json}}`,
        );
        written.set(row.name, body);
      }
      return sendKeptJson(request, reply, body);
    },
  );

  app.get(
    `${base}/append/:list/:symbol`,
    route({
      summary: 'Adds a symbol (ignored when present; at most 200 a list)',
      params: symbolParams,
      response: watchlistResponseSchema,
    }),
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
    route({
      summary: 'Removes a symbol from a list',
      params: symbolParams,
      response: watchlistResponseSchema,
    }),
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
    route({
      summary: 'Removes a symbol from the default list',
      params: z.object({ symbol: exchangeTickerSchema }),
      response: watchlistResponseSchema,
    }),
    async (request) =>
      answer(
        await watchlists.remove(currentUser(request).id, DEFAULT_WATCHLIST, request.params.symbol),
      ),
  );

  app.get(
    `${base}/rm/:list`,
    route({
      summary: 'Empties a list',
      params: listParams,
      response: watchlistResponseSchema,
    }),
    async (request) => answer(await watchlists.clear(currentUser(request).id, request.params.list)),
  );
}
