import { defineConfig } from '@playwright/test';

/** Flags this machine needs: no sandbox as root, and no calls home on a closed network. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  // One retry so a machine hiccup does not hide a green run; the summary names every flaky test.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: [
    ['list'],
    ['./failure-context-reporter.ts'],
    ['json', { outputFile: '../.tmp/playwright.json' }],
  ],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  outputDir: '../test-results',
});
