import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../global-setup.ts';
import { expect, test } from '../fixtures.ts';
import { waitForLink } from '../mail-capture.ts';

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root', { hasText: text });

async function login(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/^Email or username/).fill(identifier);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe.configure({ mode: 'serial' });

test.describe('an account from registration to approval', () => {
  const suffix = Date.now().toString(36);
  const person = {
    username: `ada${suffix}`,
    email: `ada.${suffix}@example.com`,
    password: 'analytical-engine',
    newPassword: 'difference-engine',
  };

  test('register → edit the profile → log out → log in by username', async ({ page }) => {
    // Six page loads, the first ones while the server's worker is still busy with the demo.
    test.setTimeout(90_000);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByText('The Email is required')).toBeVisible();

    await page.getByLabel(/^Email/).fill(person.email);
    await page.getByLabel(/^Username/).fill(person.username);
    await page.getByLabel(/^First name/).fill('Ada');
    await page.getByLabel(/^Last name/).fill('Lovelace');
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/pages\/user$/);

    // The profile drawn with the account's values first: a field typed into before they arrive
    // is reset by them (on a busy server they come seconds after the page).
    await expect(page.getByLabel('Username')).toHaveValue(person.username, { timeout: 20_000 });
    const city = page.getByLabel('City');
    await city.fill('London');
    await city.blur();
    await expect(page.getByLabel('Saved').first()).toBeVisible();
    await page.reload();
    // The whole profile page drawn anew (seven cards' calls) while the demo's worker is busy.
    await expect(page.getByLabel('City')).toHaveValue('London', { timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('userName'))).toBe(person.username);

    await page.getByRole('button', { name: 'Logout' }).first().click();
    // Logging out navigates: a read during the navigation has no page to read from, so it is
    // asked again.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('userToken')).catch(() => 'navigating'))
      .toBeNull();

    await login(page, person.username, person.password);
    await page.goto('/pages/user');
    await expect(page.getByLabel('City')).toHaveValue('London');
  });

  test('recover the password through the e-mailed link', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByLabel(/^Password/)).toHaveCount(0);
    await page.getByLabel(/^Email or username/).fill(person.email);
    await page.getByRole('button', { name: 'Recover Password' }).click();
    await expect(
      toast(page, `Password recovery instructions have been sent to ${person.email}`),
    ).toBeVisible();

    const link = await waitForLink(
      person.email,
      /https?:\/\/\S+\/password_recovery\?key=[0-9a-f]{64}/,
    );
    await page.goto(link);
    await page.getByLabel(/^New password/).fill(person.newPassword);
    await page.getByLabel(/^Confirm new password/).fill(person.newPassword);
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await expect(page).toHaveURL(/\/pages\/user$/);

    await page.goto(link); // a recovery link works once
    await expect(page.getByText(/invalid or has expired/)).toBeVisible();
    await login(page, person.email, person.newPassword);
  });

  test('ask to be validated as human → confirm by e-mail → an admin approves', async ({
    page,
    browser,
  }) => {
    // Two sign-ins, a mail round trip and a second browser context: more than the default 30 s
    // when the suite runs two workers on two cores.
    test.setTimeout(90_000);
    await login(page, person.username, person.newPassword);
    await page.goto('/pages/user');
    await page.getByText('Please click here to validate you as human.').click();
    const confirm = await waitForLink(
      person.email,
      /https?:\/\/\S+\/api\/user\/validate_email\/confirm\?key=[0-9a-f]{64}/,
    );
    await page.goto(confirm);
    await expect(page).toHaveURL(/\/please_wait$/);
    await expect(page.getByText(/approved manually by an admin/i)).toBeVisible();

    const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const admin = await adminContext.newPage();
    await login(admin, E2E_ADMIN.username, E2E_ADMIN.password);
    await admin.goto('/admin/panel');
    await admin.getByRole('button', { name: `Approve ${person.username}` }).click();
    await expect(toast(admin, 'Saved')).toBeVisible();
    await adminContext.close();

    await page.goto('/pages/user');
    await expect(page.getByText('Please click here to validate you as human.')).toHaveCount(0);
    await expect(page.getByText(/approved/i).first()).toBeVisible();
  });

  test('a visitor on the profile page is asked to log in', async ({ page }) => {
    await page.goto('/pages/user');
    await expect(
      page.getByText('Please login or register to access this functionality.'),
    ).toBeVisible();
  });
});
