import { test as base } from '@playwright/test';

/** Playwright's test with the address of the server that global-setup started. */
export const test = base.extend({
  // Playwright requires the object pattern even when a fixture uses no other fixture.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect } from '@playwright/test';

/** The server's business time now (see E2E_CLOCK_START in global-setup.ts). */
export function serverNow(): Date {
  return new Date(Date.now() + Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0));
}
