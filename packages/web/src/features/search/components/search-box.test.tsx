import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success } from '../../../../test/api-stub';
import type { ApiCall, StubResponse } from '../../../../test/api-stub';
import { renderRoutes } from '../../../../test/render';
import { preloadSuggestionInput } from '../../tickers';
import { SearchBox } from './search-box';

function suggestionsFor(query: string, symbols: string[]) {
  return success({
    query,
    suggestions: symbols,
    extra: symbols.map(
      (symbol) => `${symbol.split(':')[1] ?? symbol} Inc. · Information Technology`,
    ),
  });
}

/** Answers every suggestion request from `answers` (by query), echoing the query. */
function suggestionServer(answers: Record<string, string[]>) {
  return stubApi({
    'GET /api/company/suggestions': (call: ApiCall) => {
      const query = call.search.get('query') ?? '';
      return { body: suggestionsFor(query, answers[query.toLowerCase()] ?? []) };
    },
  });
}

function Location() {
  const location = useLocation();
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>;
}

function renderSearchBox() {
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <SearchBox placement="topBar" />
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: ['/about'] },
  );
  return screen.getByRole('combobox', { name: 'Search companies' });
}

const location = () => screen.getByRole('status', { name: 'Location' }).textContent;

beforeAll(async () => {
  // The fetcher imports the response schema on demand; load it once so timings stay tight.
  await import('@app/shared/api/companies');
  // The suggestions list is a chunk the field loads when first used (tickers'
  // suggestion-input.test.tsx): these tests start with it loaded.
  await preloadSuggestionInput();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('search box', () => {
  it('asks for suggestions once, after 150 ms without typing', async () => {
    // Only the debounce clock is faked; typing goes through fireEvent, which needs no timers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = suggestionServer({ aapl: ['NASDAQ:AAPL'] });
    const input = renderSearchBox();
    const type = (value: string) => fireEvent.change(input, { target: { value } });

    type('a');
    await act(() => vi.advanceTimersByTimeAsync(100));
    type('aa');
    await act(() => vi.advanceTimersByTimeAsync(100));
    type('aap');
    type('aapl');
    await act(() => vi.advanceTimersByTimeAsync(149));
    expect(api.calls).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.search.get('query')).toBe('aapl');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.calls).toHaveLength(1);
  });

  it('shows each suggestion with its symbol and company info', async () => {
    suggestionServer({ app: ['NASDAQ:APP', 'NASDAQ:AAPL'] });
    const input = renderSearchBox();
    await userEvent.setup().type(input, 'app');

    const option = await screen.findByRole('option', { name: /NASDAQ:AAPL/ });
    expect(option.textContent).toContain('AAPL Inc. · Information Technology');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('discards a response whose query is not the latest typed text', async () => {
    let answerStale: ((response: StubResponse) => void) | undefined;
    stubApi({
      'GET /api/company/suggestions': (call: ApiCall) => {
        const query = call.search.get('query') ?? '';
        if (query === 'ap') {
          return new Promise<StubResponse>((resolve) => {
            answerStale = resolve;
          });
        }
        // Echoed in capitals: equal to the typed text ignoring case, so it is kept.
        return { body: suggestionsFor(query.toUpperCase(), ['NASDAQ:AAPL']) };
      },
    });
    const input = renderSearchBox();
    const user = userEvent.setup();
    await user.type(input, 'ap');
    await waitFor(() => expect(answerStale).toBeDefined());
    await user.type(input, 'pl');

    // The answer for 'ap' arrives after 'appl' was typed.
    await act(async () => {
      answerStale?.({ body: suggestionsFor('ap', ['NYSE:APO', 'NASDAQ:APA']) });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('option')).toBeNull();

    await screen.findByRole('option', { name: /NASDAQ:AAPL/ });
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('goes to /search?q= when Enter is pressed without choosing a suggestion', async () => {
    suggestionServer({ 'apple inc': ['NASDAQ:AAPL'] });
    const input = renderSearchBox();
    const user = userEvent.setup();
    await user.type(input, 'apple inc');
    await screen.findByRole('option', { name: /NASDAQ:AAPL/ });
    await user.keyboard('{Enter}');

    expect(location()).toBe('/search?q=apple+inc');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('goes to /ticker/{symbol} when a suggestion is picked with the keyboard', async () => {
    suggestionServer({ app: ['NASDAQ:APP', 'NASDAQ:AAPL'] });
    const input = renderSearchBox();
    const user = userEvent.setup();
    await user.type(input, 'app');
    await screen.findByRole('option', { name: /NASDAQ:AAPL/ });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(location()).toBe('/ticker/NASDAQ:AAPL');
  });

  it('goes to /ticker/{symbol} when a suggestion is clicked', async () => {
    suggestionServer({ app: ['NASDAQ:APP', 'NASDAQ:AAPL'] });
    const input = renderSearchBox();
    const user = userEvent.setup();
    await user.type(input, 'app');
    await user.click(await screen.findByRole('option', { name: /NASDAQ:APP / }));

    expect(location()).toBe('/ticker/NASDAQ:APP');
  });

  it('shows a danger toast with the error text and hides the suggestions when they fail', async () => {
    const show = vi.spyOn(notifications, 'show');
    let fail = false;
    stubApi({
      'GET /api/company/suggestions': (call: ApiCall) => {
        const query = call.search.get('query') ?? '';
        return fail
          ? failure(500, 'Suggestions are resting')
          : { body: suggestionsFor(query, ['NASDAQ:AAPL']) };
      },
    });
    const input = renderSearchBox();
    const user = userEvent.setup();
    await user.type(input, 'aap');
    await screen.findByRole('option', { name: /NASDAQ:AAPL/ });

    fail = true;
    await user.type(input, 'l');
    expect(await screen.findByText('Suggestions are resting')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: 'Suggestions are resting' }),
    );
    expect(screen.queryByRole('option')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
