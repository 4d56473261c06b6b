import { expect, registerAndLogin, test } from '../fixtures.ts';

test.describe('the stock screener', () => {
  // A fresh server loads the market's history, then computes the screener's figures from it.
  test.setTimeout(240_000);

  test('a user applies a preset, changes a filter, reloads the shared URL and saves the screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await registerAndLogin(page);
    await page.goto('/screener');
    await expect(page.getByRole('heading', { level: 1, name: 'Stock screener' })).toBeVisible();
    await expect(page).toHaveTitle(/Stock screener/);

    // The month's losers appear once the worker has backfilled the history and refreshed the
    // figures: apply the preset until it finds some.
    const results = page.getByRole('table', { name: 'Screener results' });
    await expect(async () => {
      await page.reload();
      await page.getByRole('button', { name: 'Biggest losers this month' }).click();
      await expect(results.getByRole('row').nth(1)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 200_000, intervals: [5_000, 10_000] });
    await expect(page).toHaveURL(/[?&]change_pct_31__lt=0(&|$)/);
    await expect(page).toHaveURL(/[?&]order_by=change_pct_31(&|$)/);
    await expect(results.getByRole('columnheader', { name: 'Sort by Month' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(results.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText(/^-/);

    // A filter goes into the URL a moment after typing stops.
    await page.getByLabel('Price minimum').fill('20');
    await expect(page).toHaveURL(/[?&]price__gte=20(&|$)/);
    await page.getByRole('button', { name: 'Sort by Year' }).click();
    await expect(page).toHaveURL(/[?&]order_by=-change_pct_365(&|$)/);

    // The URL is the screen: a reload (or the link shared) shows the same one.
    const shared = page.url();
    await page.reload();
    await expect(page.getByLabel('Price minimum')).toHaveValue('20');
    await expect(results.getByRole('columnheader', { name: 'Sort by Year' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(page.url()).toBe(shared);
    const prices = await results.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices)
      expect(Number(price.replace(/[$,]/g, ''))).toBeGreaterThanOrEqual(20);

    // Saved by name, it opens again from a clean screener.
    await page.getByLabel('Screen name').fill('Losers above $20');
    await page.getByRole('button', { name: 'Save screen' }).click();
    await expect(
      page.getByRole('button', { name: 'Open the screen Losers above $20' }),
    ).toBeVisible();
    await page.goto('/screener');
    await expect(page.getByLabel('Price minimum')).toHaveValue('');
    await page.getByRole('button', { name: 'Open the screen Losers above $20' }).click();
    await expect(page.getByLabel('Price minimum')).toHaveValue('20');
    expect(page.url()).toBe(shared);
  });
});
