import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '../../lib/session';
import { isRouteLoaded } from '../router';
import { takeFirstScreen } from './take-first-screen';

const KEY = ['first-screen-test'];
const DRAWN_AT = 1_764_000_000_000;
const STATE = JSON.stringify({
  drawnAt: DRAWN_AT,
  mutations: [],
  queries: [
    {
      queryKey: KEY,
      queryHash: JSON.stringify(KEY),
      state: {
        data: { answer: 42 },
        dataUpdateCount: 1,
        dataUpdatedAt: 1,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    },
  ],
});

/** The page as the server sends it with a drawn first screen (server `withFirstScreen`). */
function drawnPage() {
  document.body.innerHTML =
    '<div id="root" data-first-screen><main>drawn</main></div>' +
    `<script type="application/json" id="first-screen-state">${STATE}</script>`;
  return document.getElementById('root') as HTMLElement;
}

describe('taking over the first screen drawn by the server', () => {
  afterEach(() => {
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it('does nothing for a page without one', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await expect(takeFirstScreen(document.getElementById('root') as HTMLElement)).resolves.toBe(
      undefined,
    );
  });

  it("starts the app from the server's query cache with its route loaded", async () => {
    const start = await takeFirstScreen(drawnPage());
    expect(start?.queryClient.getQueryData(KEY)).toEqual({ answer: 42 });
    expect(isRouteLoaded(window.location.pathname)).toBe(true);
    expect(document.getElementById('first-screen-state')).toBeNull();
    // An anonymous visitor with the default layout: the app hydrates the server's markup.
    expect(start?.drawnAt).toBe(DRAWN_AT);
  });

  it('draws its own screen for a visitor with its own sidebar (hydrated, it would move)', async () => {
    localStorage.setItem('layout.sidebarMinimized', 'true');
    const start = await takeFirstScreen(drawnPage());
    expect(start?.queryClient.getQueryData(KEY)).toEqual({ answer: 42 });
    expect(start?.drawnAt).toBeUndefined();
  });

  it("leaves a signed-in visitor's app to ask for its own answers", async () => {
    localStorage.setItem(SESSION_KEYS.token, 'a-token');
    const start = await takeFirstScreen(drawnPage());
    expect(start?.queryClient.getQueryData(KEY)).toBeUndefined();
    expect(start?.drawnAt).toBeUndefined();
  });
});
