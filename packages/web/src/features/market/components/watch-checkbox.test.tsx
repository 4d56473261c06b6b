import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, makeUser, stubApi, storeLoggedIn } from '../../../../test/api-stub';
import { watchAction, WatchCheckbox } from './watch-checkbox';
import { watchlistBody } from '../../../../test/fixtures/market';
import { renderInRouter } from '../../../../test/render';

const GET = 'GET /api/ticker/user/watchlist/get/default';
const APPEND = 'GET /api/ticker/user/watchlist/append/default/NASDAQ:AMD';
const REMOVE = 'GET /api/ticker/user/watchlist/remove_ticker/default/NASDAQ:AMD';

function checkbox(): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('checkbox', { name: /Watch NASDAQ:AMD/ });
}

describe('watchAction', () => {
  it('makes a call only when the wanted state differs from the loaded watchlist', () => {
    expect(watchAction(true, true)).toBeNull();
    expect(watchAction(false, false)).toBeNull();
    expect(watchAction(false, true)).toBe('append');
    expect(watchAction(true, false)).toBe('remove');
  });
});

describe('WatchCheckbox', () => {
  it('is disabled for visitors, links to login and never calls the watchlist', () => {
    const api = stubApi({});
    renderInRouter(<WatchCheckbox symbol="NASDAQ:AMD" />, '/ticker/NASDAQ:AMD');

    expect(checkbox().disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent('/ticker/NASDAQ:AMD')}`,
    );
    expect(api.calls).toHaveLength(0);
  });

  it('is disabled until the watchlist has loaded, then shows it without calling append or remove', async () => {
    storeLoggedIn(makeUser());
    let answer: () => void = () => undefined;
    const api = stubApi({
      [GET]: () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: watchlistBody(['NASDAQ:AMD', 'NASDAQ:INTC']) });
        }),
    });
    renderInRouter(<WatchCheckbox symbol="nasdaq:amd" />);

    await waitFor(() => {
      expect(api.callsTo(GET)).toHaveLength(1);
    });
    expect(checkbox().disabled).toBe(true);
    answer();
    await waitFor(() => {
      expect(checkbox().disabled).toBe(false);
    });
    expect(checkbox().checked).toBe(true);
    expect(api.callsTo(GET)[0]?.search.get('add_financials')).toBeNull();
    expect(api.callsTo(APPEND)).toHaveLength(0);
    expect(api.callsTo(REMOVE)).toHaveLength(0);
  });

  it('removes and appends the symbol when the state changes, one call a toggle', async () => {
    storeLoggedIn(makeUser());
    let symbols = ['NASDAQ:AMD'];
    const api = stubApi({
      [GET]: () => ({ body: watchlistBody(symbols) }),
      [REMOVE]: () => {
        symbols = [];
        return { body: watchlistBody(symbols) };
      },
      [APPEND]: () => {
        symbols = ['NASDAQ:AMD'];
        return { body: watchlistBody(symbols) };
      },
    });
    renderInRouter(<WatchCheckbox symbol="NASDAQ:AMD" />);
    const user = userEvent.setup();
    await waitFor(() => {
      expect(checkbox().checked).toBe(true);
    });

    await user.click(checkbox());
    await waitFor(() => {
      expect(checkbox().checked).toBe(false);
    });
    await waitFor(() => {
      expect(checkbox().disabled).toBe(false);
    });
    expect(api.callsTo(REMOVE)).toHaveLength(1);
    expect(api.callsTo(APPEND)).toHaveLength(0);

    await user.click(checkbox());
    await waitFor(() => {
      expect(checkbox().checked).toBe(true);
    });
    expect(api.callsTo(APPEND)).toHaveLength(1);
    expect(api.callsTo(REMOVE)).toHaveLength(1);
  });

  it('shows an error toast and the saved state when the change fails', async () => {
    storeLoggedIn(makeUser());
    const show = vi.spyOn(notifications, 'show');
    stubApi({
      [GET]: watchlistBody([]),
      [APPEND]: () => failure(400, 'Your watchlist is full.'),
    });
    renderInRouter(<WatchCheckbox symbol="NASDAQ:AMD" />);
    const user = userEvent.setup();
    await waitFor(() => {
      expect(checkbox().disabled).toBe(false);
    });

    await user.click(checkbox());

    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          message: 'Your watchlist is full.',
          position: 'bottom-right',
        }),
      );
    });
    await waitFor(() => {
      expect(checkbox().checked).toBe(false);
    });
  });
});
