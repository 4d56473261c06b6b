import type { Page } from '@playwright/test';
import { expect, registerAndLogin, test } from '../fixtures.ts';

/** Every demo route of the developer gallery and a heading it shows. */
const DEMO_ROUTES: { path: string; heading: string }[] = [
  { path: '/components/buttons', heading: 'Buttons' },
  { path: '/components/grid-system', heading: 'Grid system' },
  { path: '/components/panels', heading: 'Panels' },
  { path: '/components/sweet-alert', heading: 'Sweet alert' },
  { path: '/components/notifications', heading: 'Notifications' },
  { path: '/components/icons', heading: 'Icons' },
  { path: '/components/typography', heading: 'Typography' },
  { path: '/forms/regular', heading: 'Regular forms' },
  { path: '/forms/extended', heading: 'Extended forms' },
  { path: '/forms/validation', heading: 'Validation forms' },
  { path: '/forms/wizard', heading: 'Wizard' },
  { path: '/table-list/regular', heading: 'Regular tables' },
  { path: '/table-list/extended', heading: 'Extended tables' },
  { path: '/table-list/paginated', heading: 'Paginated table' },
  { path: '/maps/google', heading: 'Google maps' },
  { path: '/maps/full-screen', heading: 'Full-screen map' },
  { path: '/maps/vector-map', heading: 'Vector map' },
  { path: '/widgets', heading: 'Widgets' },
  { path: '/charts', heading: 'Charts' },
  { path: '/calendar', heading: 'Calendar' },
  { path: '/pages/timeline', heading: 'Timeline' },
];

const DEV_MENUS = ['Components', 'Forms', 'Tables', 'Maps', 'Demo widgets', 'Demo charts'];

/** Console errors and uncaught page errors, collected while the test runs. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function setDevInterface(page: Page, value: boolean) {
  const token = (await page.evaluate(() => localStorage.getItem('userToken'))) ?? '';
  const answer = await page.request.post('/api/user/set/my_dev_interface', {
    data: { value },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
}

test.describe('the developer gallery', () => {
  test.setTimeout(180_000);

  test('every demo route renders without console errors for a developer, light and dark', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await registerAndLogin(page);
    await setDevInterface(page, true);
    const errors = collectErrors(page);
    await page.goto('/components/buttons');
    for (const name of DEV_MENUS) {
      await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
    }
    for (const route of DEMO_ROUTES) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(route.path);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
      const heading = page.getByRole('heading', { level: 1, name: route.heading, exact: true });
      await expect(heading, route.path).toBeVisible();
      await expect(page.getByText('Developer gallery', { exact: true }).first()).toBeVisible();
      // The same page redrawn in dark (the scheme follows the system's, live).
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expect(heading, `${route.path} (dark)`).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test('the demo rules work in the browser', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await registerAndLogin(page);
    await setDevInterface(page, true);

    // §5: password confirmation.
    await page.goto('/forms/validation');
    await page.getByLabel('Password', { exact: true }).fill('abcd');
    await page.getByLabel('Confirm password').fill('abcde');
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect(page.getByText('Password must be at least 5 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    // §4/§5: the wizard stays on a step until it is valid; zip at least 6.
    await page.goto('/forms/wizard');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Street').fill('1 Main St');
    await page.getByLabel('Zip code').fill('12345');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Zip code must be at least 6 characters')).toBeVisible();
    await page.getByLabel('Zip code').fill('123456');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Every step is checked.')).toBeVisible();

    // §4: the cart's quantity never drops below 1.
    await page.goto('/table-list/extended');
    await expect(
      page.getByRole('button', { name: 'One fewer Basic plan, monthly' }),
    ).toBeDisabled();
    await page.getByRole('button', { name: 'One fewer Sector report' }).click();
    await expect(page.getByLabel('Quantity of Sector report')).toHaveText('1');
    await expect(page.getByRole('button', { name: 'One fewer Sector report' })).toBeDisabled();

    // §4: back to page 1 when the page size changes.
    await page.goto('/table-list/paginated');
    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect(page.getByText('Page 3 of 14')).toBeVisible();
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect(page.getByText('Page 1 of 6')).toBeVisible();

    // §9: the sweet alert closes itself after 2 s.
    await page.goto('/components/sweet-alert');
    await page.getByRole('button', { name: 'Auto-close after 2 s' }).click();
    const alert = page.getByRole('dialog', { name: 'Auto-close alert' });
    await expect(alert).toBeVisible();
    await expect(alert).toBeHidden({ timeout: 3_500 });

    // Icons: the filter.
    await page.goto('/components/icons');
    await page.getByLabel('Filter icons').fill('bell');
    await expect(page.getByText(/^\d+ of \d+ icons$/)).toBeVisible();
    await expect(page.getByText('Bell', { exact: true })).toBeVisible();

    // The vector map draws the states.
    await page.goto('/maps/vector-map');
    await expect(page.locator('path[data-state="CA"]')).toBeVisible();

    // Without a key, the Google page says so.
    await page.goto('/maps/google');
    await expect(page.getByText(/Google Maps is not configured/)).toBeVisible();
  });

  test('without the flag the menus are absent and the routes show the notice', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    // A visitor.
    await page.goto('/components/buttons');
    await expect(page.getByRole('heading', { name: 'Developer interface only' })).toBeVisible();
    // A user without my_dev_interface.
    await registerAndLogin(page);
    await page.goto('/about');
    for (const name of DEV_MENUS) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    for (const route of DEMO_ROUTES) {
      await page.goto(route.path);
      await expect(
        page.getByRole('heading', { name: 'Developer interface only' }),
        route.path,
      ).toBeVisible();
    }
  });
});
