import { expect, registerAndLogin, test } from '../fixtures.ts';

const SYMBOL = 'NASDAQ:NVDA';

test.describe('alert rules', () => {
  test('a visitor is asked to log in on the alerts page and by "Alert me…"', async ({ page }) => {
    await page.goto('/pages/alerts');
    await expect(
      page.getByText('Please login or register to access this functionality.'),
    ).toBeVisible();
    await page.goto(`/ticker/${SYMBOL}`);
    await page.getByRole('button', { name: `Alert me about ${SYMBOL}` }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
  });

  test('a user sets an alert from the company page, sees it listed, pauses, edits and deletes it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await registerAndLogin(page);
    await page.goto(`/ticker/${SYMBOL}`);
    await page.getByRole('button', { name: `Alert me about ${SYMBOL}` }).click();
    const dialog = page.getByRole('dialog', { name: `New alert on ${SYMBOL}` });
    // Pre-filled with the current price.
    const level = dialog.getByLabel('Price level');
    await expect(level).not.toHaveValue('', { timeout: 15_000 });
    // Far above the price, so no quote refresh during the test fires it ("Never" below).
    await level.fill('987.65');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/pages/alerts');
    const rules = page.getByRole('table', { name: 'Your alert rules' });
    await expect(rules.getByText(`${SYMBOL} above 987.65`)).toBeVisible();
    await expect(rules.getByText('Active')).toBeVisible();
    await expect(rules.getByText('Never')).toBeVisible();

    await rules.getByRole('button', { name: `Pause alert: ${SYMBOL} above 987.65` }).click();
    await expect(rules.getByText('Paused')).toBeVisible();

    await rules.getByRole('button', { name: `Edit alert: ${SYMBOL} above 987.65` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit alert' });
    await edit.getByLabel('Price level').fill('150');
    await edit.getByRole('button', { name: 'Save alert' }).click();
    await expect(rules.getByText(`${SYMBOL} above 150`)).toBeVisible();
    await expect(rules.getByText('Active')).toBeVisible();

    await rules.getByRole('button', { name: `Delete alert: ${SYMBOL} above 150` }).click();
    await expect(page.getByText('No alert rules yet.', { exact: false })).toBeVisible();
  });

  test('the free plan’s limit is shown with the upgrade link', async ({ page }) => {
    test.setTimeout(90_000);
    await registerAndLogin(page);
    const token = (await page.evaluate(() => localStorage.getItem('userToken'))) ?? '';
    for (let i = 0; i < 5; i += 1) {
      const res = await page.request.post('/api/alerts/rules', {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          kind: 'keyword',
          scope: 'any',
          keyword: `merger ${String(i)}`,
          channels: ['in_app'],
        },
      });
      expect(res.ok()).toBe(true);
    }
    await page.goto('/pages/alerts');
    await expect(page.getByText('5 of 5 alert rules on your free plan.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade for more alert rules' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(page.getByRole('button', { name: 'New alert' })).toBeDisabled();
  });
});
