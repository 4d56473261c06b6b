import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstViewOf } from '@app/shared/first-view';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** What the web build's `ssr/first-screen.js` draws (web `app/first-screen/render.tsx`). */
export interface FirstScreen {
  html: string;
  state: string;
}

export interface FirstScreenRenderer {
  renderFirstScreen(
    url: string,
    allowedApiUrls: readonly string[],
    fetchApi: (url: string) => Promise<{ status: number; body: string }>,
  ): Promise<FirstScreen | null>;
}

/** How long a drawn first screen is reused for the same URL (public, anonymous data). */
const REUSE_MS = 5_000;
/** A first screen not drawn in this time is skipped: the page goes out as the plain app. */
const RENDER_LIMIT_MS = 1_500;

/** Loads the renderer of the web build, or undefined when the build has none. */
export async function loadFirstScreenRenderer(
  distDir: string,
): Promise<FirstScreenRenderer | undefined> {
  const file = path.join(distDir, 'ssr', 'first-screen.js');
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as FirstScreenRenderer;
}

/**
 * Issue 18: the first screen of the feed and a company page drawn on the server, for
 * anonymous visitors (the page's first-view API answers, fetched in process without any
 * credentials, so nothing private is ever drawn). The same URL reuses its screen for a few
 * seconds and concurrent visits share one drawing; a failure or a slow drawing gives null and
 * the page is the plain app.
 */
export function firstScreens(
  app: FastifyInstance,
  renderer: Promise<FirstScreenRenderer | undefined>,
  log: FastifyBaseLogger,
) {
  const drawn = new Map<string, { at: number; screen: Promise<FirstScreen | null> }>();
  const fetchApi = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return { status: res.statusCode, body: res.body };
  };

  async function draw(url: string, requests: readonly string[]): Promise<FirstScreen | null> {
    const loaded = await renderer;
    if (loaded === undefined) return null;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_LIMIT_MS);
    });
    try {
      return await Promise.race([loaded.renderFirstScreen(url, requests, fetchApi), limit]);
    } catch (error) {
      log.warn({ err: error, url }, 'web app: first screen not drawn');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return function firstScreenOf(pathname: string, search: string): Promise<FirstScreen | null> {
    const view = firstViewOf(pathname, search);
    if (view === null) return Promise.resolve(null);
    const now = performance.now();
    for (const [key, entry] of drawn) if (now - entry.at > REUSE_MS) drawn.delete(key);
    const cached = drawn.get(pathname);
    if (cached !== undefined) return cached.screen;
    const screen = draw(pathname, view.requests);
    drawn.set(pathname, { at: now, screen });
    return screen;
  };
}

/** index.html with the drawn screen in #root (replacing the loader) and its query cache. */
export function withFirstScreen(html: string, screen: FirstScreen): string {
  // #root holds the loader (index.html) and is the last element of the body.
  const root = /<div id="root">[\s\S]*<\/div>(?=\s*(?:<\/body>|$))/.exec(html);
  if (root === null) return html;
  return (
    html.slice(0, root.index) +
    `<div id="root" data-first-screen>${screen.html}</div>\n    ` +
    `<script type="application/json" id="first-screen-state">${screen.state}</script>` +
    html.slice(root.index + root[0].length)
  );
}
