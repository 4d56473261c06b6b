import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi, success } from '../../../test/api-stub';
import { SEARCH_DELAY_MS, useDeferredCompanySearch } from './use-deferred-search';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

beforeAll(async () => {
  await import('@app/shared/api/companies');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('deferred company search', () => {
  it('runs 50 ms after the page loads with q', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = stubApi({
      'GET /api/company/suggestions': success({
        query: 'apple',
        suggestions: ['NASDAQ:AAPL'],
        extra: ['Apple Inc. · Information Technology'],
      }),
    });
    const { result } = renderHook(() => useDeferredCompanySearch('apple'), { wrapper });

    expect(result.current.status).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1));
    expect(api.calls).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(result.current.status).toBe('success'));
    expect(api.calls).toHaveLength(1);
    expect(result.current).toEqual({
      status: 'success',
      result: {
        query: 'apple',
        suggestions: [{ symbol: 'NASDAQ:AAPL', info: 'Apple Inc. · Information Technology' }],
      },
    });
  });

  it('does nothing without q', () => {
    const api = stubApi({});
    const { result } = renderHook(() => useDeferredCompanySearch(''), { wrapper });
    expect(result.current.status).toBe('idle');
    expect(api.calls).toHaveLength(0);
  });
});
