import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeLiveClient } from '../../../../test/fake-live';
import { renderWithProviders } from '../../../../test/render';
import type { LiveClient } from '../../../lib/live/live-client';
import { useLiveQuotes } from './live-quotes';
import { MARKET_QUERY_KEY } from './market-query-keys';

const QUOTE = {
  exchange_ticker: 'NASDAQ:AAPL',
  price: 200,
  change: 1,
  change_pct: 0.5,
  day_low: 198,
  day_high: 201,
  as_of: 1_000,
  updated_at: 1_000,
};

function quoteEvent(price: unknown, at: number) {
  return {
    topic: 'quotes:NASDAQ:AAPL',
    symbol: 'NASDAQ:AAPL',
    price,
    change: 2,
    change_pct: 1,
    day_low: 198,
    day_high: 203,
    as_of: at,
    updated_at: at,
  };
}

/** A cached quote of the market queries, kept up to date by the live stream. */
function LivePrice({ client }: { client: LiveClient }) {
  const quote = useQuery({
    queryKey: [...MARKET_QUERY_KEY, 'financials', 'NASDAQ:AAPL'],
    queryFn: () => QUOTE,
    staleTime: Infinity,
  });
  const live = useLiveQuotes(['NASDAQ:AAPL'], true, client);
  return (
    <p>
      {live ? 'live' : 'polling'} {quote.data?.price}
    </p>
  );
}

describe('live quotes', () => {
  it('puts a pushed quote into the cached market answers and ignores a malformed one', async () => {
    const { client, emit, urls } = fakeLiveClient();
    renderWithProviders(<LivePrice client={client} />);
    expect(await screen.findByText('polling 200')).toBeTruthy();
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]).toContain('topics=quotes%3ANASDAQ%3AAAPL');

    act(() => emit('ready', { topics: ['quotes:NASDAQ:AAPL'] }));
    act(() => emit('quotes', quoteEvent(202.5, 2_000)));
    expect(await screen.findByText('live 202.5')).toBeTruthy();

    // The schema refuses it, as it did before it loaded on demand: the price stays.
    act(() => emit('quotes', quoteEvent('203', 3_000)));
    act(() => emit('quotes', quoteEvent(204, 4_000)));
    expect(await screen.findByText('live 204')).toBeTruthy();
    act(() => emit('quotes', quoteEvent('205', 5_000)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('live 204')).toBeTruthy();
    client.close();
  });

  it('applies quick successive quotes in the order they came', async () => {
    const { client, emit, urls } = fakeLiveClient();
    renderWithProviders(<LivePrice client={client} />);
    expect(await screen.findByText('polling 200')).toBeTruthy();
    await waitFor(() => expect(urls).toHaveLength(1));
    act(() => emit('ready', { topics: ['quotes:NASDAQ:AAPL'] }));
    // Same instant, different prices: only the order decides which one stays.
    act(() => {
      emit('quotes', quoteEvent(210, 2_000));
      emit('quotes', { ...quoteEvent(211, 2_000), change: 3 });
    });
    expect(await screen.findByText('live 211')).toBeTruthy();
    client.close();
  });
});
