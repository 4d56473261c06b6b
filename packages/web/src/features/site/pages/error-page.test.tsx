import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../../test/render';
import { readSessionStore } from '../../../lib/session-store';
import { showErrorToast } from '../../../lib/toast';

describe('error page', () => {
  it("shows 'Oops! Something went wrong' with the query msg", async () => {
    renderRoute(
      '/error?msg=Unable%20to%20connect%20to%20the%20server.%20Please%20try%20again%20later.',
    );
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText('Unable to connect to the server. Please try again later.'),
    ).toBeTruthy();
  });

  it("shows 'An unexpected error occurred' without a msg", async () => {
    renderRoute('/error');
    expect(await screen.findByText('An unexpected error occurred')).toBeTruthy();
  });

  it("shows the session's last error again without a msg (spec §3 session store)", async () => {
    showErrorToast('Failed sending prompt: the queue is full.');
    showErrorToast('Watchlist could not be saved.');
    expect(readSessionStore()).toMatchObject({
      count: 2,
      last_error: 'Watchlist could not be saved.',
    });
    renderRoute('/error');
    // The page's message; the toast of the same error may still be up beside it.
    expect(
      await screen.findByText('Watchlist could not be saved.', { selector: 'p' }),
    ).toBeTruthy();
    expect(screen.queryByText('An unexpected error occurred')).toBeNull();
  });

  it('has a button back home', async () => {
    renderRoute('/error');
    const home = await screen.findByRole('link', { name: 'Back to home' });
    expect(home.getAttribute('href')).toBe('/');
  });

  it('uses the auth layout without a footer', async () => {
    renderRoute('/error');
    await screen.findByRole('heading', { name: 'Oops! Something went wrong' });
    expect(screen.getByRole('link', { name: 'StockPulse home' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Footer' })).toBeNull();
  });
});
