import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { firstViewOf } from '@app/shared/first-view';
import { escape } from 'html-escaper';

/** Per page of `@app/shared/first-view`: its lazy route's chunks and their CSS (dist paths). */
export type FirstViewAssets = Readonly<Record<string, { js: string[]; css: string[] } | undefined>>;

/** The web build's `first-view-assets.json` (vite.config.ts), or an empty table without it. */
export function readFirstViewAssets(distDir: string): FirstViewAssets {
  const file = path.join(distDir, 'first-view-assets.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as FirstViewAssets;
}

/**
 * The links that let a public page's first screen load in parallel instead of one
 * step after the other (HTML → entry → route chunk → API answer): the API answers its first
 * screen GETs, then the route's CSS and JavaScript. The browser uses a preloaded answer only
 * for the same URL, mode and credentials: `crossorigin` gives the mode and credentials of the
 * app's `fetch` (cors, same-origin). A signed-in visitor's app sends its token, so its request
 * does not match and the preloaded (anonymous, cacheable) answer goes unused.
 */
export function firstViewPreloads(
  assets: FirstViewAssets,
  pathname: string,
  search: string,
  /** The page carries its first screen drawn (web-app-first-screen): its CSS applies at once. */
  drawn = false,
) {
  const view = firstViewOf(pathname, search);
  if (view === null) return '';
  const files = assets[view.page] ?? { js: [], css: [] };
  const link = (attributes: string, href: string) =>
    `<link ${attributes} href="${escape(href)}" crossorigin>`;
  // Low priority: they are needed after the first paint (the loader), which they must not delay.
  return [
    // A drawn page carries its answers (the query cache) itself.
    ...(drawn ? [] : view.requests).map((url) =>
      link('rel="preload" as="fetch" fetchpriority="low"', url),
    ),
    ...files.css.map((file) =>
      link(drawn ? 'rel="stylesheet"' : 'rel="preload" as="style" fetchpriority="low"', `/${file}`),
    ),
    ...files.js.map((file) => link('rel="modulepreload" fetchpriority="low"', `/${file}`)),
  ].join('\n    ');
}
