import { LIVE_QUOTES_PREFIX, liveQuoteEventSchema } from '@app/shared/api/live';
import { useQueryClient } from '@tanstack/react-query';
import { mergeQuoteInto } from '../../../lib/live/quote-merge';
import { useLive, useLiveConnected } from '../../../lib/live/use-live';
import { MARKET_QUERY_KEY } from './market-query-keys';

/**
 * Quotes of `symbols` pushed by the live stream, merged into every cached market answer
 * that holds them (company page, watchlist, dashboard tables). Returns whether the stream is up:
 * callers poll (spec §9) only while it is not. After a reset the market answers refetch.
 */
export function useLiveQuotes(symbols: readonly string[], enabled = true): boolean {
  const queryClient = useQueryClient();
  const connected = useLiveConnected();
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
      const parsed = liveQuoteEventSchema.safeParse(data);
      if (!parsed.success) return;
      queryClient.setQueriesData({ queryKey: MARKET_QUERY_KEY }, (cached: unknown) =>
        mergeQuoteInto(cached, parsed.data),
      );
    },
    () => void queryClient.invalidateQueries({ queryKey: MARKET_QUERY_KEY }),
  );
  return enabled && topics.length > 0 && connected;
}
