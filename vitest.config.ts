import { globSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const WEB_ROOT = 'packages/web';

/**
 * Web test files that run with a fresh module registry; every other web file shares its worker's
 * modules with the files before it (measured: the web project in 737 s isolated, 200 s shared,
 * jsdom's start and the setup file no longer paid per file). A file needs a fresh registry when it
 * mocks a module (a module a previous file imported is not mocked again), or when it tests what
 * happens once per page load (the first hydration, a chunk's first load, the one reload on a
 * 401): such a file says so with the line `// vitest: fresh modules` and why.
 */
const FRESH_MODULES = /^\/\/ vitest: fresh modules\b|\bvi\.(do)?[mM]ock\(/m;

const WEB_FILES = globSync('src/**/*.test.{ts,tsx}', { cwd: WEB_ROOT });
const WEB_ISOLATED = WEB_FILES.filter((file) =>
  FRESH_MODULES.test(readFileSync(`${WEB_ROOT}/${file}`, 'utf8')),
);
const WEB_SHARED = WEB_FILES.filter((file) => !WEB_ISOLATED.includes(file));
const WEB_TEST_TIMEOUT_MS = 15_000;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          // A worker's test files share the modules they import instead of evaluating them per
          // file (measured: the server project in 290 s; vitest counted 248 s of the run's imports
          // and ~174 s to save). Each file still has its own database (cloned from the
          // template) and builds its own app; a file that mocks a module resets the registry.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: `${WEB_ROOT}/vite.config.ts`,
        root: WEB_ROOT,
        test: {
          name: 'web',
          isolate: false,
          // A hang's limit, not a speed check: a form test typing through user-event took 5.3 s
          // here while the other workers shared the 2 cores (1.4 s alone), over vitest's 5 s.
          testTimeout: WEB_TEST_TIMEOUT_MS,
          exclude: [...configDefaults.exclude, ...WEB_ISOLATED],
        },
      },
      {
        extends: `${WEB_ROOT}/vite.config.ts`,
        root: WEB_ROOT,
        // The web config's include and this exclude add up (Vite merges arrays by concatenation).
        test: {
          name: 'web-isolated',
          testTimeout: WEB_TEST_TIMEOUT_MS,
          exclude: [...configDefaults.exclude, ...WEB_SHARED],
        },
      },
    ],
  },
});
