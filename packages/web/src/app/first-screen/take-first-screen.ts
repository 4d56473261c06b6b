import { hydrate } from '@tanstack/react-query';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { getStoredToken } from '../../lib/session';
import { hasDefaultLayout } from '../layouts/layout-preferences';
import { createQueryClient } from '../query-client';
import { preloadRoute } from '../router';

export { startHydrating } from '../../lib/hydration';

export interface FirstScreenStart {
  queryClient: QueryClient;
  /**
   * When the server drew the screen (epoch ms), set when the app is to hydrate it: an anonymous
   * visitor with the server's answers. Undefined: the app draws its own screen in its place.
   */
  drawnAt?: number;
}

/**
 * When the server drew the page's first screen (`#root[data-first-screen]`, drawn
 * for an anonymous visitor by `render.tsx`), the app starts from the same state — the query
 * cache the server drew from, the route's page loaded — so its first render draws the same
 * screen and hydrates the server's markup (`drawnAt` set: main.tsx) — unless the visitor keeps
 * its own sidebar preferences, whose screen is drawn in place of it. A signed-in visitor's app
 * asks for its own answers (with its token) and draws its own screen in place of the anonymous
 * one, hidden for it by index.html's style until then. Undefined for a page not drawn.
 */
export async function takeFirstScreen(
  container: HTMLElement,
): Promise<FirstScreenStart | undefined> {
  if (!container.hasAttribute('data-first-screen')) return undefined;
  const queryClient = createQueryClient();
  const stateElement = document.getElementById('first-screen-state');
  let drawnAt: number | undefined;
  if (stateElement?.textContent && getStoredToken() === null) {
    try {
      const state = JSON.parse(stateElement.textContent) as DehydratedState & { drawnAt?: unknown };
      hydrate(queryClient, state);
      // A visitor's own sidebar (minimized, another colour) would move the hydrated page after:
      // replaced, its new markup does not count as a layout shift.
      if (typeof state.drawnAt === 'number' && hasDefaultLayout()) drawnAt = state.drawnAt;
    } catch {
      // An unreadable state: the app asks the API and draws its own screen, as without one.
    }
  }
  stateElement?.remove();
  await preloadRoute(window.location.pathname);
  return { queryClient, drawnAt };
}
