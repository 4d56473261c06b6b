import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
// The theme's variables (build/mantine-theme-variables.ts): the provider draws none itself.
import 'virtual:stockpulse-theme-variables.css';
import { registerServiceWorker } from './lib/service-worker';

/**
 * The page's CSP (`script-src 'self'`, no 'unsafe-eval') refuses `new Function`, so zod's
 * compiled object parsers are never available in the browser. zod still probed for them with a
 * `new Function('')` at its first object schema, and the browser reported that refused probe as
 * a CSP violation (Lighthouse best practices 96). `jitless` skips the probe; parsing is the same.
 * zod reads its settings from this global (zod/v4/core `globalConfig`, what `z.config()` writes),
 * so it is set here, before any chunk with a schema is evaluated (the app's stages below).
 * e2e shell.spec.ts checks the feed and a company page raise no violation.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

/**
 * The next task: the browser may paint and answer input in between. `scheduler.yield()` where
 * the browser has it (its continuation runs before other tasks of the page), else a timeout.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The app's code is evaluated in stages, one task each — React, the query client, Mantine
 * (with the app's providers), then the app (shell, router, API contracts) — instead of one module graph
 * evaluated in a single long task (about 250 ms on a phone: total blocking time). The stages'
 * chunks are fetched together from the start (`modulepreload` in index.html, plugin
 * `stockpulse:staged-entry`), only their evaluation is spread.
 */
async function start(container: HTMLElement) {
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  // The page's first `Intl.NumberFormat` loads ICU's number data (15–25 ms unthrottled,
  // any later one ~0.1 ms); created here it is a task of its own instead of a part of the app's
  // evaluation (`@app/shared/display/format` creates its formats when evaluated).
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1);
  await nextTask();
  // TanStack Query with the API client (the providers' biggest import besides Mantine): a stage
  // of its own, the providers' stage was a task of 40–70 ms at 4× CPU with it.
  await import('./app/query-client');
  await nextTask();
  // Mantine through the app's providers: `import('@mantine/core')` itself would keep all of
  // Mantine in the bundle (a dynamic import's namespace is not tree-shaken).
  await import('./app/providers');
  await nextTask();
  const [
    { createElement, startTransition, StrictMode },
    { App },
    { takeFirstScreen, startHydrating },
  ] = await Promise.all([
    import('react'),
    import('./app/app'),
    import('./app/first-screen/take-first-screen'),
  ]);
  await nextTask();
  // A page drawn by the server is taken over only once the app can draw the same screen (its
  // route loaded, its answers in the query cache).
  const firstScreen = await takeFirstScreen(container);
  // (No JSX in this file: its runtime would make React a static import of the entry.)
  const app = createElement(
    StrictMode,
    null,
    createElement(App, {
      queryClient: firstScreen?.queryClient,
      drawnAt: firstScreen?.drawnAt,
    }),
  );
  // The first render as a transition, which React splits into short slices; rendered at once,
  // the shell and the first page were one long task that kept the page from answering input.
  startTransition(() => {
    if (firstScreen?.drawnAt !== undefined) {
      // An anonymous visitor's screen drawn by the server is hydrated — its DOM adopted,
      // not created again in one long commit. What only the browser knows (layout preferences,
      // width, time zone, clock) switches after (lib/hydration.ts).
      startHydrating(container);
      hydrateRoot(container, app);
    } else {
      createRoot(container).render(app);
    }
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');
void start(container);
registerServiceWorker();
