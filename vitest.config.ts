import { defineConfig } from 'vitest/config';

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
      'packages/web/vite.config.ts',
    ],
  },
});
