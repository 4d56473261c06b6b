import { hydrate } from '@tanstack/react-query';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { getStoredToken } from '../../lib/session';
import { createQueryClient } from '../query-client';
import { createAppRouter } from '../router';

export interface FirstScreenStart {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

/**
 * Issue 18: when the server drew the page's first screen (`#root[data-first-screen]`, drawn
 * for an anonymous visitor by `render.tsx`), the app starts from the same state — the query
 * cache the server drew from, the route's page loaded — so its first render draws the same
 * screen in place of the server's markup (no loader in between, no layout shift). A signed-in
 * visitor's app asks for its own answers (with its token); the anonymous screen is hidden for
 * it by index.html's style until the app replaces it. Undefined for a page not drawn.
 */
export async function takeFirstScreen(
  container: HTMLElement,
): Promise<FirstScreenStart | undefined> {
  if (!container.hasAttribute('data-first-screen')) return undefined;
  const queryClient = createQueryClient();
  const stateElement = document.getElementById('first-screen-state');
  if (stateElement?.textContent && getStoredToken() === null) {
    try {
      hydrate(queryClient, JSON.parse(stateElement.textContent) as DehydratedState);
    } catch {
      // An unreadable state: the app asks the API, as without one.
    }
  }
  stateElement?.remove();
  const router = createAppRouter();
  await new Promise<void>((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  return { router, queryClient };
}
