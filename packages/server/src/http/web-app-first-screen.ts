import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { companyDrawnWith, firstViewOf } from '@app/shared/first-view';
import type { FirstView } from '@app/shared/first-view';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** What the web build's `ssr/first-screen.js` draws (web `app/first-screen/render.tsx`). */
export interface FirstScreen {
  html: string;
  state: string;
}

export interface FirstScreenRenderer {
  renderFirstScreen(url: string, allowedApiUrls: readonly string[]): Promise<FirstScreen | null>;
  /** Ends the worker (the app's close). */
  close(): Promise<void>;
}

/** How long a drawn first screen is reused for the same URL (public, anonymous data). */
const REUSE_MS = 5_000;
/** A first screen not drawn in this time is skipped: the page goes out as the plain app. */
const RENDER_LIMIT_MS = 1_500;
/** Drawings under way at most, and drawn pages kept at most (about 100 KB each). */
const MAX_DRAWING = 4;
const MAX_KEPT = 200;
/**
 * Public answers the app's shell asks on every page (the menus' community links), drawn from and
 * put in the page's query cache with the page's own: fetched by the app after its start instead,
 * their arrival re-rendered the top bar and the sidebar (blocking time on a phone).
 */
export const SHELL_API_URLS: readonly string[] = ['/api/telegram/info'];

/** The page's own answers to draw with: its first view's, a company page's other parts, the shell's. */
function answersToDraw(view: FirstView): string[] {
  const requests = [...view.requests];
  if (view.page === 'company' && view.symbol !== undefined) {
    requests.push(...companyDrawnWith(view.symbol));
  }
  return [...requests, ...SHELL_API_URLS];
}

/**
 * The web build's renderer, run in a worker thread (`web-app-first-screen-worker.ts`) whose API
 * requests this thread answers in process; undefined when the build has none.
 */
export async function loadFirstScreenRenderer(
  app: FastifyInstance,
  distDir: string,
): Promise<FirstScreenRenderer | undefined> {
  const file = path.join(distDir, 'ssr', 'first-screen.js');
  if (!existsSync(file)) return undefined;
  const worker = new Worker(new URL('./web-app-first-screen-worker.ts', import.meta.url), {
    workerData: { file: pathToFileURL(file).href },
  });
  worker.unref();
  const renders = new Map<number, (screen: FirstScreen | null) => void>();
  let nextId = 0;
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'screen') {
        if (message.error !== undefined) {
          app.log.warn({ error: message.error }, 'web app: first screen not drawn');
        }
        renders.get(message.id)?.(message.screen);
        renders.delete(message.id);
      }
      if (message.type === 'api') {
        const { id, url } = message;
        void app
          .inject({ method: 'GET', url, headers: { accept: 'application/json' } })
          .then(
            (res) => ({ status: res.statusCode, body: res.body }),
            () => ({ status: 500, body: '{"status":"error"}' }),
          )
          .then((answer) => worker.postMessage({ type: 'api', id, ...answer }));
      }
    });
  });
  // A failed worker draws nothing more: the pages go out as the plain app.
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const finish of renders.values()) finish(null);
    renders.clear();
  };
  worker.on('error', (error) => {
    app.log.warn({ err: error }, 'web app: the first-screen worker failed');
    stop();
  });
  worker.on('exit', stop);
  return {
    async close() {
      await worker.terminate();
    },
    renderFirstScreen(url, allowedApiUrls) {
      if (stopped) return Promise.resolve(null);
      const id = (nextId += 1);
      return new Promise((resolve) => {
        renders.set(id, resolve);
        worker.postMessage({ type: 'render', id, url, allowed: [...allowedApiUrls] });
      });
    },
  };
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'screen'; id: number; screen: FirstScreen | null; error?: string }
  | { type: 'api'; id: number; url: string };

/**
 * The first screen of a feed, an article and a company page drawn on the server, for
 * anonymous visitors (the page's first-view API answers, fetched in process without any
 * credentials, so nothing private is ever drawn). The same URL reuses its screen for a few
 * seconds and concurrent visits share one drawing; a failure or a slow drawing gives null and
 * the page is the plain app.
 */
export function firstScreens(
  renderer: () => Promise<FirstScreenRenderer | undefined>,
  log: FastifyBaseLogger,
) {
  const drawn = new Map<string, { at: number; screen: Promise<FirstScreen | null> }>();
  let drawing = 0;
  async function draw(url: string, requests: readonly string[]): Promise<FirstScreen | null> {
    const loaded = await renderer();
    if (loaded === undefined) return null;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_LIMIT_MS);
    });
    try {
      return await Promise.race([loaded.renderFirstScreen(url, requests), limit]);
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
    // An article's screen is one of its `?id=`: the visit's query is part of what is drawn.
    const key = search === '' ? pathname : `${pathname}?${search}`;
    const cached = drawn.get(key);
    if (cached !== undefined) return cached.screen;
    // A burst of different pages (a crawler) is not queued on the worker nor kept: plain app.
    if (drawing >= MAX_DRAWING || drawn.size >= MAX_KEPT) return Promise.resolve(null);
    drawing += 1;
    const screen = draw(key, answersToDraw(view)).finally(() => {
      drawing -= 1;
    });
    drawn.set(key, { at: now, screen });
    return screen;
  };
}

/**
 * index.html with the drawn screen in #root (replacing the loader) and its query cache. The
 * screen is live markup: its links work before any script has run (a plain navigation); a
 * button does nothing until the app runs. It is not `inert`: that blocks the links, and lifting
 * it at hydration makes the browser restyle the whole page in one long task. With
 * `bootAfterPaint` (the build's `first-screen-boot.js`), the entry script and the module preloads
 * leave the head for that script, which adds them once the screen has been painted.
 */
export function withFirstScreen(html: string, screen: FirstScreen, bootAfterPaint = false): string {
  // #root holds the loader (index.html) and is the last element of the body.
  const root = /<div id="root">[\s\S]*<\/div>(?=\s*(?:<\/body>|$))/.exec(html);
  if (root === null) return html;
  const page =
    html.slice(0, root.index) +
    `<div id="root" data-first-screen>${screen.html}</div>\n    ` +
    `<script type="application/json" id="first-screen-state">${screen.state}</script>` +
    html.slice(root.index + root[0].length);
  if (!bootAfterPaint) return page;
  const entry = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/.exec(page);
  if (entry === null) return page;
  const modules: string[] = [];
  const withoutScripts = page
    .replace(entry[0], '')
    .replace(/\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g, (_tag, href: string) => {
      modules.push(href);
      return '';
    });
  const boot =
    `<script src="/first-screen-boot.js" data-entry="${entry[1]}" ` +
    `data-modules="${modules.join(' ')}" defer></script>`;
  return withoutScripts.replace('</head>', `  ${boot}\n  </head>`);
}
