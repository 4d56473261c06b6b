import type { liveQuoteEventSchema } from '@app/shared/api/live';
import { LIVE_QUOTES_PREFIX } from '@app/shared/api/live-limits';
import { useQueryClient } from '@tanstack/react-query';
import { mergeQuoteInto } from '../../../lib/live/quote-merge';
import { liveClient, type LiveClient } from '../../../lib/live/live-client';
import { useLive, useLiveConnected } from '../../../lib/live/use-live';
import { MARKET_QUERY_KEY } from './market-query-keys';

let quoteEventSchema: Promise<typeof liveQuoteEventSchema> | undefined;

/**
 * The quote event's schema, loaded with the first event (not part of a page's first load). One
 * promise for every event, so events are applied in the order they came; after a failed load the
 * next event tries again (the events in between are dropped, as malformed ones are).
 */
function loadQuoteEventSchema() {
  quoteEventSchema ??= import('@app/shared/api/live')
    .then((m) => m.liveQuoteEventSchema)
    .catch((error: unknown) => {
      quoteEventSchema = undefined;
      throw error;
    });
  return quoteEventSchema;
}

/**
 * Quotes of `symbols` pushed by the live stream, merged into every cached market answer
 * that holds them (company page, watchlist, dashboard tables). Returns whether the stream is up:
 * callers poll (spec §9) only while it is not. After a reset the market answers refetch.
 */
export function useLiveQuotes(
  symbols: readonly string[],
  enabled = true,
  client: LiveClient = liveClient,
): boolean {
  const queryClient = useQueryClient();
  const connected = useLiveConnected(client);
  const topics = enabled
    ? symbols
        .map((symbol) => symbol.trim().toUpperCase())
        .filter((symbol) => symbol !== '')
        .map((symbol) => `${LIVE_QUOTES_PREFIX}${symbol}`)
    : [];
  useLive(
    topics,
    ({ event, data }) => {
      if (event !== 'quotes') return;
      void loadQuoteEventSchema().then(
        (schema) => {
          const parsed = schema.safeParse(data);
          if (!parsed.success) return;
          queryClient.setQueriesData({ queryKey: MARKET_QUERY_KEY }, (cached: unknown) =>
            mergeQuoteInto(cached, parsed.data),
          );
        },
        () => undefined,
      );
    },
    () => void queryClient.invalidateQueries({ queryKey: MARKET_QUERY_KEY }),
    client,
  );
  return enabled && topics.length > 0 && connected;
}
