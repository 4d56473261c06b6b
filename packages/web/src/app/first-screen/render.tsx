import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { DrawnAtProvider } from '../../lib/hydration';
import { AppProviders } from '../providers';
import { createQueryClient } from '../query-client';
import { preloadDeferredComponents } from '../../lib/deferred-component';
import { AppRoutes, preloadRoute } from '../router';

/** An anonymous GET of our own API, answered in process by the server (`app.inject`). */
export type ApiFetch = (url: string) => Promise<{ status: number; body: string }>;

export interface FirstScreen {
  /** The markup of #root. */
  html: string;
  /**
   * The query cache the markup was drawn from (TanStack `dehydrate`) and `drawnAt`, the instant
   * its relative times were drawn at (epoch ms), as JSON safe in HTML.
   */
  state: string;
}

/** Rounds of drawing and fetching: the feed needs one, the company page two. */
const MAX_DATA_PASSES = 3;

const requestApi = new AsyncLocalStorage<{ fetchApi: ApiFetch; allowed: ReadonlySet<string> }>();
const browserFetch = globalThis.fetch.bind(globalThis);

/**
 * The app's API client calls `fetch('/api/…')`. While a first screen renders, such a call is
 * answered by the server's own API, and only for the page's first-view URLs (anything else — a
 * signed-in call, another page's data — fails, and the app draws what it draws while loading).
 * Every other fetch of the process is left alone.
 */
globalThis.fetch = (input, init) => {
  const request = requestApi.getStore();
  if (request === undefined || typeof input !== 'string' || !input.startsWith('/api/')) {
    return browserFetch(input, init);
  }
  if (!request.allowed.has(input) || (init?.method ?? 'GET') !== 'GET') {
    return Promise.resolve(new Response('{"status":"error"}', { status: 404 }));
  }
  return request
    .fetchApi(input)
    .then(
      ({ status, body }) =>
        new Response(body, { status, headers: { 'content-type': 'application/json' } }),
    );
};

/** The app's tree as main.tsx hydrates it (app.tsx), with the static router at `url`. */
function appTree(url: string, client: ReturnType<typeof createQueryClient>, drawnAt: number) {
  return (
    <DrawnAtProvider value={drawnAt}>
      <AppProviders queryClient={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </DrawnAtProvider>
  );
}

/**
 * The first screen of a public page (the feed, a company) as an anonymous visitor sees
 * it, drawn on the server by the app's own route table and components. A pass draws the page and
 * so makes its queries; those of `allowedApiUrls` (the first-view URLs, which the server answers
 * in process) are fetched, and the next pass draws the page with their answers. The client puts the
 * returned cache into its query client before its first render (`main.tsx`), which so draws the
 * same screen and hydrates this markup: dates are drawn in UTC, en-US, relative to `drawnAt`
 * (lib/hydration.ts). Null when the URL is not a page (a redirect).
 */
export async function renderFirstScreen(
  url: string,
  allowedApiUrls: readonly string[],
  fetchApi: ApiFetch,
): Promise<FirstScreen | null> {
  // The page's chunk and the deferred components are loaded first: `renderToString` cannot wait
  // for a lazy component.
  if (!(await preloadRoute(new URL(url, 'http://localhost').pathname))) return null;
  await preloadDeferredComponents();
  const client = createQueryClient();
  // A failed answer leaves the part to the browser at once instead of retrying here.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const store = { fetchApi, allowed: new Set(allowedApiUrls) };
  const drawnAt = Date.now();
  return requestApi.run(store, async () => {
    // A query that needs another's answer (the quote after the company) appears a pass later.
    const tried = new Set<string>();
    let html = renderToString(appTree(url, client, drawnAt));
    for (let pass = 0; pass < MAX_DATA_PASSES; pass += 1) {
      const pending = client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && !tried.has(query.queryHash));
      for (const query of pending) tried.add(query.queryHash);
      const answers = await Promise.all(
        pending.map((query) =>
          query.fetch().then(
            () => true,
            () => false,
          ),
        ),
      );
      if (!answers.includes(true)) break;
      html = renderToString(appTree(url, client, drawnAt));
    }
    const state = JSON.stringify({ ...dehydrate(client), drawnAt }).replace(/</g, '\\u003c');
    client.clear();
    return { html, state };
  });
}
