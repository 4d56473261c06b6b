import { expect, test as base, type Page } from '@playwright/test';

/** The landing-seen cookie a returning visitor holds (spec §4). */
export const LANDING_SEEN_COOKIE = {
  name: 'hasSeenLanding',
  value: 'true',
  domain: 'localhost',
  path: '/',
  expires: -1,
  httpOnly: false,
  secure: false,
  sameSite: 'Lax' as const,
};

/** Playwright's test with the address of the server that global-setup started. */
export const test = base.extend({
  // Spec §4 sends a first-time visitor of / to /landing: the suite's visitors have seen it (the
  // landing-seen cookie; cookies ignore the port). site.spec.ts clears it to test the redirect.
  storageState: { cookies: [LANDING_SEEN_COOKIE], origins: [] },
  // Playwright requires the object pattern even when a fixture uses no other fixture.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect };

/** The server's business time now (see E2E_CLOCK_START in global-setup.ts). */
export function serverNow(): Date {
  return new Date(Date.now() + Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0));
}

/** Registers through the API, then logs in through the login page like a person would. */
export async function registerAndLogin(page: Page) {
  const username = `watcher${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = 'watch-the-market';
  const created = await page.request.post('/api/user/create', {
    data: {
      email: `${username}@example.com`,
      password,
      username,
      first_name: 'Grace',
      last_name: 'Hopper',
      referral: '',
    },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/login');
  await page.getByLabel(/^Email or username/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return username;
}
