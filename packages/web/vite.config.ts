import { createHash } from 'node:crypto';
import { globSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { cjsFunctionWrappers } from './build/cjs-function-wrappers';
import { build } from 'vite';
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;
import { defineConfig } from 'vitest/config';
import { mantineStableIds } from './build/mantine-stable-ids';
import { scrollAreaMergeRefs } from './build/scroll-area-merge-refs';
import { mantineUnusedGroups } from './build/mantine-unused-groups';
import { appMantineStyles, mantineUsedStyles } from './build/mantine-used-styles';
import { mantineThemeVariables } from './build/mantine-theme-variables';

/** Only the Mantine styles of components the app and the Mantine packages it uses import. */
const usedStyles = () => mantineUsedStyles(appMantineStyles(import.meta.dirname));

const LANDING_RENDER = 'src/app/landing-static/render.tsx';
const LANDING_ENHANCE = 'src/app/landing-static/enhance.ts';

/**
 * /landing as static HTML (dist/landing.html, served by the server for that path). After
 * the app's build, a server-side build of `landing-static/render.tsx` draws the page with the
 * app's own components; the page gets the CSS that build collected (the same CSS-module class
 * names: both builds name them alike) and the small `landing-static/enhance.ts` entry instead of
 * the app. A visitor who arrives at / and is sent to /landing inside the app still gets the app's
 * page.
 */
function staticLandingPage(): Plugin {
  let root = '';
  let outDir = '';
  let enhanceFile: string | undefined;
  return {
    name: 'stockpulse:static-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (
          output.type === 'chunk' &&
          output.isEntry &&
          output.facadeModuleId?.endsWith(LANDING_ENHANCE)
        ) {
          enhanceFile = output.fileName;
        }
      }
    },
    async closeBundle() {
      if (!enhanceFile) throw new Error(`static landing: no chunk for ${LANDING_ENHANCE}`);
      // One folder per build: other builds of this checkout may run at the same time.
      const ssrDir = path.join(root, `node_modules/.landing-ssr-${process.pid}`);
      await build({
        configFile: false,
        root,
        // Errors only: it warns that landing-page.tsx, imported here, is also a lazy page chunk.
        logLevel: 'error',
        plugins: [react(), usedStyles()],
        build: {
          ssr: LANDING_RENDER,
          outDir: ssrDir,
          emptyOutDir: true,
          ssrEmitAssets: true,
          cssCodeSplit: false,
          sourcemap: false,
        },
      });
      const renderer = (await import(
        `${pathToFileURL(path.join(ssrDir, 'render.js')).href}?at=${Date.now()}`
      )) as { renderLandingBody: () => string };
      const body = renderer.renderLandingBody();
      const cssDir = path.join(ssrDir, 'assets');
      const css = readdirSync(cssDir)
        .filter((file) => file.endsWith('.css'))
        .map((file) => readFileSync(path.join(cssDir, file), 'utf8'))
        .join('\n');
      rmSync(ssrDir, { recursive: true, force: true });
      const cssFile = `assets/landing-${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`;
      writeFileSync(path.join(outDir, cssFile), css);
      const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const html = index
        .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
        .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
        .replace(
          '</head>',
          `  <link rel="stylesheet" href="/${cssFile}">\n    <script type="module" src="/${enhanceFile}"></script>\n  </head>`,
        )
        // #root holds the app's loading indicator (index.html); the landing's body replaces it.
        .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, `<div id="root">${body}</div>$1`);
      if (!html.includes(body)) throw new Error('static landing: index.html has no #root');
      writeFileSync(path.join(outDir, 'landing.html'), html);
    },
  };
}

const FIRST_SCREEN_RENDER = 'src/app/first-screen/render.tsx';

/**
 * The server-side renderer of the feed's and the company page's first screen
 * (`first-screen/render.tsx`), built after the app into `ssr/first-screen.js` of the output, one
 * file with every dependency inside (the server loads it from any dist folder). Its CSS-module
 * class names are the app's (both builds name them alike); its CSS is the app's, not emitted.
 */
function firstScreenRenderer(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'stockpulse:first-screen-renderer',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'error',
        // The app's ids: hydration needs the same (Mantine's are React's either way on a server).
        plugins: [react(), mantineStableIds(), reactRouterProduction()],
        publicDir: false,
        ssr: { noExternal: true },
        build: {
          ssr: FIRST_SCREEN_RENDER,
          outDir: path.join(outDir, 'ssr'),
          emptyOutDir: true,
          sourcemap: false,
          rolldownOptions: {
            output: { entryFileNames: 'first-screen.js', codeSplitting: false },
          },
        },
      });
    },
  };
}

/** The page modules whose chunks the server preloads with the page (`@app/shared/first-view`). */
const FIRST_VIEW_PAGES = {
  'news-feed': 'src/features/news/pages/news-feed-page.tsx',
  article: 'src/features/news/pages/news-view-page.tsx',
  company: 'src/features/companies/pages/company-page.tsx',
} as const;

/**
 * Writes `first-view-assets.json`, for each page of FIRST_VIEW_PAGES the JavaScript
 * chunks its lazy route loads (its chunk and every chunk that imports statically, less those the
 * entry already preloads) and their CSS. The server puts them in the page's head as
 * `modulepreload` and style `preload` links, so they download alongside the entry instead of
 * after it has run and asked for the route.
 */
function firstViewAssets(): Plugin {
  return {
    name: 'stockpulse:first-view-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, OutputChunk>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      }
      /** A chunk and everything it imports statically, depth first. */
      const closure = (fileName: string, seen = new Set<string>()) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const entry = [...chunks.values()].find(
        (chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html'),
      );
      // The entry and the stages of its start (stagedEntry), all in index.html's preloads.
      const preloadedByEntry = new Set<string>();
      for (const file of entry ? [entry.fileName, ...entry.dynamicImports] : []) {
        closure(file, preloadedByEntry);
      }
      const pages: Record<string, { js: string[]; css: string[] }> = {};
      for (const [page, module] of Object.entries(FIRST_VIEW_PAGES)) {
        const chunk = [...chunks.values()].find((candidate) =>
          candidate.facadeModuleId?.endsWith(module),
        );
        if (!chunk) throw new Error(`first-view assets: no chunk for ${module}`);
        const files = [...closure(chunk.fileName)].filter((file) => !preloadedByEntry.has(file));
        const css = files.flatMap((file) => [
          ...(chunks.get(file)?.viteMetadata?.importedCss ?? []),
        ]);
        pages[page] = { js: files, css: [...new Set(css)] };
      }
      this.emitFile({
        type: 'asset',
        fileName: 'first-view-assets.json',
        source: `${JSON.stringify(pages, null, 2)}\n`,
      });
    },
  };
}

/**
 * `main.tsx` evaluates the app in stages (React, Mantine, the app), each a dynamic
 * `import()`, so that no single task evaluates the whole module graph. Every dynamic import of
 * the entry is such a stage, needed at once: their chunks (and what those import statically) get
 * `modulepreload` links in index.html like the entry's static imports, so they download with the
 * page instead of one stage after another.
 */
function stagedEntry(): Plugin {
  return {
    name: 'stockpulse:staged-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle, chunk: entry } = context;
        if (!bundle || !entry) return html;
        const chunkOf = (fileName: string) => {
          const output = bundle[fileName];
          return output?.type === 'chunk' ? output : undefined;
        };
        const files = new Set<string>();
        const add = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunkOf(fileName)?.imports ?? []) add(imported);
        };
        for (const file of entry.dynamicImports) add(file);
        const css = [...files].flatMap((file) => [
          ...(chunkOf(file)?.viteMetadata?.importedCss ?? []),
        ]);
        // Their CSS too (the shell's CSS modules): a page the server drew needs it before its
        // first paint, as it did when the shell was part of the entry.
        const links = [
          ...[...new Set(css)].map((file) => ({ rel: 'stylesheet', file })),
          ...[...files].map((file) => ({ rel: 'modulepreload', file })),
        ]
          .filter(({ file }) => !html.includes(`/${file}"`))
          .map(({ rel, file }) => ({
            tag: 'link',
            attrs: { rel, crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
        return { html, tags: links };
      },
    },
  };
}

/** Files of the app shell the service worker keeps besides the entry's chunks (public/). */
const SHELL_PUBLIC_FILES = [
  '/index.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/color-scheme.js',
  '/icons/icon-192.png',
];

/**
 * Writes `sw.js` (from `service-worker/sw.js`): the service worker with this build's version
 * (a hash of every output file's name, which carry their content's hash) and the app shell's
 * files: the entry, the stages it preloads (stagedEntry) and their CSS, plus SHELL_PUBLIC_FILES.
 * A new build is a new version: its worker replaces the old one and drops the old cache.
 */
function serviceWorker(): Plugin {
  let root = '';
  return {
    name: 'stockpulse:service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, OutputChunk>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      }
      const entry = [...chunks.values()].find(
        (chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html'),
      );
      if (!entry) throw new Error('service worker: no entry chunk for index.html');
      const files = new Set<string>();
      const add = (fileName: string) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) add(imported);
      };
      for (const file of [entry.fileName, ...entry.dynamicImports]) add(file);
      const css = [...files].flatMap((file) => [
        ...(chunks.get(file)?.viteMetadata?.importedCss ?? []),
      ]);
      const shell = [...SHELL_PUBLIC_FILES, ...[...files, ...new Set(css)].map((f) => `/${f}`)];
      const version = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('base64url')
        .slice(0, 12);
      const source = readFileSync(path.join(root, 'service-worker/sw.js'), 'utf8')
        .replace(
          "const VERSION = '__BUILD_VERSION__';",
          `const VERSION = ${JSON.stringify(version)};`,
        )
        .replace(
          'const SHELL_FILES = __SHELL_FILES__;',
          `const SHELL_FILES = ${JSON.stringify(shell)};`,
        );
      if (source.includes('__BUILD_VERSION__') || source.includes('= __SHELL_FILES__'))
        throw new Error('service worker: the version or the shell files were not put in');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * React Router's production build in the bundles we ship. Its package.json points every condition
 * at its development build (remix-run/react-router#12532, #14102), so its development warnings
 * stay in (ENABLE_DEV_WARNINGS) and nothing strips them: about 95 KB of minified code in the app's
 * first load. The development server and the tests keep the development build and its warnings.
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
function reactRouterProduction(): Plugin {
  return {
    name: 'stockpulse:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] },
    }),
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id.split('?')[0] ?? id)) return null;
      // Same line count: the source map stays true.
      const next = code
        .replace(ROUTER_TOP_LEVEL_CALL, '$1/* @__PURE__ */ $2(')
        .replace(ROUTER_DISPLAY_NAME, '');
      return next === code ? null : { code: next, map: null };
    },
  };
}

const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w]+\.mjs$/;
/**
 * `var Form = React.forwardRef(…)` and its kin at the top of React Router's chunk: calls a bundler
 * must keep unless marked pure, so every component of the library stayed in the app whether it was
 * used or not (its forms, fetchers and submissions). React's `forwardRef`, `memo` and
 * `createContext` have no side effects.
 */
const ROUTER_TOP_LEVEL_CALL = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext))\(/gm;
/** `Form.displayName = "Form";`: a development name that, as a statement, kept its component. */
const ROUTER_DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/**
 * The app entry's own dynamic imports (its stages) get no runtime preloads: index.html (or
 * first-screen-boot.js) already preloads every file of the stages (stagedEntry), and Vite's preload
 * helper compared each of the stages' ~80 files with every `<link>` of the page, for each stage —
 * about 40 ms of a phone's main thread before the app started.
 *
 * What the shell loads later (a page of the route table, a deferred component, a dialog) preloads
 * only its CSS, which Vite's helper waits for so that nothing is drawn unstyled. Its JavaScript
 * files are not listed: those lists (every file of ~70 pages and their parts, 301 names, with an
 * index list per import) were about 6 KB of every page's first load. Instead, each chunk the shell
 * imports dynamically imports all the chunks it needs itself (`hoistChunkImports`), so the
 * browser asks for all of them as soon as it has read that one chunk: a page not visited yet costs
 * one round trip more (its chunk, then the rest at once) than a full list; without either, it
 * would fetch them level after level (Rolldown does not hoist a chunk's imports). A chunk that a
 * page loads later keeps its full list (the list is in that page's chunk, off the first load).
 */
const appEntryFiles = new Set<string>();
/** The app entry, its stages and everything they import statically. */
const appShellFiles = new Set<string>();
/** The static landing page's script and its imports: a page without the app's shell. */
const landingFiles = new Set<string>();

/**
 * Adds to `chunk` an import of every chunk it needs only through its imports (the shell's files
 * aside: loaded before it). They come after its own imports, whose dependencies they already are,
 * so nothing is evaluated in another order; a chunk's hash covers its imports' hashes, so the
 * name still stands for the content. The source map stays valid: the new statements come last.
 */
function hoistChunkImports(bundle: Rollup.OutputBundle, chunk: Rollup.OutputChunk): void {
  const needed = new Set<string>();
  const visit = (fileName: string) => {
    const output = bundle[fileName];
    if (output?.type !== 'chunk') return;
    for (const imported of output.imports) {
      if (needed.has(imported) || appShellFiles.has(imported)) continue;
      needed.add(imported);
      visit(imported);
    }
  };
  visit(chunk.fileName);
  const own = new Set(chunk.imports);
  const hoisted = [...needed].filter((file) => !own.has(file) && file !== chunk.fileName);
  if (hoisted.length === 0) return;
  const dir = path.posix.dirname(chunk.fileName);
  const statements = hoisted.map((file) => `import"./${path.posix.relative(dir, file)}";`).join('');
  const mapComment = /\n\/\/# sourceMappingURL=[^\n]*\n?$/.exec(chunk.code);
  chunk.code =
    mapComment === null
      ? `${chunk.code}\n${statements}\n`
      : `${chunk.code.slice(0, mapComment.index)}\n${statements}${mapComment[0]}`;
  chunk.imports.push(...hoisted);
}

function appEntryNames(): Plugin {
  return {
    name: 'stockpulse:app-entry-names',
    apply: 'build',
    // Before Vite's own generateBundle writes the preloads (at renderChunk the names still
    // hold a placeholder for their hash).
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const addWithImports = (into: Set<string>, fileName: string) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          const output = bundle[fileName];
          if (output?.type !== 'chunk') return;
          for (const imported of output.imports) addWithImports(into, imported);
        };
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.isEntry) continue;
          if (output.name === 'index') {
            appEntryFiles.add(output.fileName);
            addWithImports(appShellFiles, output.fileName);
            for (const stage of output.dynamicImports) addWithImports(appShellFiles, stage);
          } else {
            addWithImports(landingFiles, output.fileName);
          }
        }
        const loadedByShell = new Set<string>();
        for (const fileName of appShellFiles) {
          const output = bundle[fileName];
          if (output?.type !== 'chunk') continue;
          for (const target of output.dynamicImports) {
            if (!appShellFiles.has(target)) loadedByShell.add(target);
          }
        }
        for (const fileName of loadedByShell) {
          const output = bundle[fileName];
          if (output?.type === 'chunk') hoistChunkImports(bundle, output);
        }
      },
    },
  };
}

/** The files a lazy chunk's import preloads (see appEntryNames). */
function preloadedDependencies(hostId: string, deps: string[]): string[] {
  if (appEntryFiles.has(hostId)) return [];
  if (landingFiles.has(hostId)) return deps;
  if (appShellFiles.has(hostId)) {
    return deps.filter((dep) => dep.endsWith('.css') && !appShellFiles.has(dep));
  }
  return deps.filter((dep) => !appShellFiles.has(dep));
}

/**
 * Tabler icons that one source file alone imports. Those travel in that file's chunk (a page, the
 * sidebar) instead of the shared icons chunk, which every page loads: an icon shared by several
 * files is there once, an icon of one page is not loaded by the others.
 */
function iconsOfOneFile(): Set<string> {
  const importers = new Map<string, number>();
  const files = globSync('src/**/*.{ts,tsx}', {
    cwd: import.meta.dirname,
    exclude: (file) => /\.test\.tsx?$/.test(file),
  });
  for (const file of files) {
    const code = readFileSync(path.join(import.meta.dirname, file), 'utf8');
    for (const block of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@tabler\/icons-react'/g)) {
      for (const name of (block[1] ?? '').split(',').map((part) => part.trim())) {
        if (/^Icon\w+$/.test(name)) importers.set(name, (importers.get(name) ?? 0) + 1);
      }
    }
  }
  return new Set([...importers].filter(([, count]) => count === 1).map(([name]) => name));
}
const ICONS_OF_ONE_FILE = iconsOfOneFile();
const TABLER_ICON = /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](Icon\w+)\.mjs$/;

export default defineConfig({
  plugins: [
    reactRouterProduction(),
    appEntryNames(),
    react(),
    mantineStableIds(),
    mantineThemeVariables(path.join(import.meta.dirname, 'src/app/theme.ts')),
    scrollAreaMergeRefs(),
    mantineUnusedGroups(path.join(import.meta.dirname, 'src')),
    cjsFunctionWrappers(),
    usedStyles(),
    stagedEntry(),
    staticLandingPage(),
    firstViewAssets(),
    firstScreenRenderer(),
    serviceWorker(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId }) => preloadedDependencies(hostId, deps),
    },
    rolldownOptions: {
      input: { index: 'index.html', 'landing-enhance': LANDING_ENHANCE },
      output: {
        // Long-lived vendor chunks: a deploy that only changes our code keeps these cached.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              name: 'icons',
              test: (id) =>
                /node_modules[\\/]@tabler[\\/]/.test(id) &&
                !ICONS_OF_ONE_FILE.has(TABLER_ICON.exec(id)?.[1] ?? ''),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
  },
});
