import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';
import { SEARCH_DELAY_MS } from '../use-deferred-search';
import { NewsResults } from './news-results';
import { readSessionStore } from '../../../lib/session-store';
import { makeArticle, newsBody } from '../../../../test/fixtures/news';
import { renderInRouter } from '../../../../test/render';

const LOADED = { timeout: 8000 };

afterEach(() => {
  vi.useRealTimers();
});

/** /news/search/{q} answers one article titled after q (none for 'nothing'); no company matches. */
function searchServer() {
  return stubApi({
    'GET /api/company/suggestions': (call: ApiCall) => ({
      body: success({ query: call.search.get('query') ?? '', suggestions: [], extra: [] }),
    }),
    'GET /api/news/search/nothing': newsBody([]),
    'GET /api/news/search/chips': newsBody([
      makeArticle({ id: 'c1', AI: { title: 'Chips are in short supply' } }),
      makeArticle({ id: 'c2', AI: { title: 'Chip stocks rally' } }),
    ]),
    'GET /api/news/search/amd': newsBody([
      makeArticle({ id: 'a1', AI: { title: 'AMD launches a new GPU' } }),
    ]),
  });
}

const newsSearches = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((call) => call.path.startsWith('/api/news/search/'));

describe('search page news (GET /news/search/{q})', { timeout: 20_000 }, () => {
  it('searches the news 50 ms after it is given q', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = searchServer();
    renderInRouter(<NewsResults query="chips" />);

    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1));
    expect(newsSearches(api)).toHaveLength(0);
    expect(screen.getByLabelText('Searching the news')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(newsSearches(api)).toHaveLength(1));
    expect(Object.fromEntries(newsSearches(api)[0]?.search ?? [])).toEqual({
      skip: '0',
      limit: '20',
    });
  });

  it('shows the matching articles as cards below the companies', async () => {
    searchServer();
    renderRoute('/search?q=chips');
    const news = await screen.findByRole('region', { name: 'News' }, LOADED);
    expect(
      await within(news).findByRole('heading', { name: 'Chips are in short supply' }, LOADED),
    ).toBeTruthy();
    expect(within(news).getAllByRole('article')).toHaveLength(2);
  });

  it("keeps the search as the session store's highlight_search and marks it in the results", async () => {
    searchServer();
    renderRoute('/search?q=chips');
    const news = await screen.findByRole('region', { name: 'News' }, LOADED);
    const heading = await within(news).findByRole(
      'heading',
      { name: 'Chips are in short supply' },
      LOADED,
    );
    expect(readSessionStore().highlight_search).toBe('chips');
    expect([...heading.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Chips',
    ]);
  });

  it('searches the news again when a new query is submitted', async () => {
    const api = searchServer();
    renderRoute('/search?q=chips');
    await screen.findByRole('heading', { name: 'Chip stocks rally' }, LOADED);
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Company name or ticker' });
    await user.clear(field);
    await user.type(field, 'amd{Enter}');

    expect(
      await screen.findByRole('heading', { name: 'AMD launches a new GPU' }, LOADED),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Chip stocks rally' })).toBeNull();
    expect(newsSearches(api).map((call) => call.path)).toEqual([
      '/api/news/search/chips',
      '/api/news/search/amd',
    ]);
  });

  it('shows "No news found." when no article matches', async () => {
    searchServer();
    renderRoute('/search?q=nothing');
    const news = await screen.findByRole('region', { name: 'News' }, LOADED);
    expect(await within(news).findByText('No news found.', {}, LOADED)).toBeTruthy();
  });

  it('gives a hint instead of searching the news for fewer than 3 characters', async () => {
    const api = searchServer();
    renderRoute('/search?q=ab');
    expect(
      await screen.findByText('Type at least 3 characters to search the news.', {}, LOADED),
    ).toBeTruthy();
    // The company search still runs; the news search never does.
    await vi.waitFor(() => expect(api.callsTo('GET /api/company/suggestions')).toHaveLength(1));
    expect(newsSearches(api)).toHaveLength(0);
  });
});
