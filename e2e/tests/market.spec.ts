import { expect, registerAndLogin, test } from '../fixtures.ts';

test.describe('companies and prices for a visitor', () => {
  test('search from the top bar, open the company, read prices and the chart', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/about');
    const search = page.getByRole('combobox', { name: 'Search companies' }).first();
    await search.fill('nvidi');
    const option = page.getByRole('option', { name: /NASDAQ:NVDA/ });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/ticker\/NASDAQ:NVDA$/);
    await expect(page.getByRole('heading', { name: 'NVIDIA Corporation', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/NVIDIA Corporation/);
    await expect(page.getByText('Demo data').first()).toBeVisible();

    const chart = page.getByRole('region', { name: 'Chart' });
    await expect(chart.locator('canvas').first()).toBeVisible();
    await chart.getByText('1M', { exact: true }).click();
    await expect(chart.getByRole('img', { name: /range 1M/ })).toBeVisible();
    await expect(chart.locator('canvas').first()).toBeVisible();

    // Related companies: at most 20 shown, each opening its own page.
    const related = page.getByRole('region', { name: 'Related companies' }).getByRole('link');
    // Loaded on their own: wait for them before counting.
    await expect(related.first()).toBeVisible();
    expect(await related.count()).toBeGreaterThan(0);
    expect(await related.count()).toBeLessThanOrEqual(20);

    // Visitors cannot watch.
    await expect(page.getByRole('checkbox', { name: 'Watch NASDAQ:NVDA' })).toBeDisabled();
  });

  test('submitting the search box opens the search page with the best match', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/about');
    const search = page.getByRole('combobox', { name: 'Search companies' }).first();
    await search.fill('apple');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=apple$/);
    await expect(page.getByText('Apple Inc.').first()).toBeVisible();
  });

  test('the company page without a filter goes to explore, which lists sectors', async ({
    page,
  }) => {
    await page.goto('/company/view');
    await expect(page).toHaveURL(/\/company\/explore\?nothing_here=1$/);
    await expect(page.getByText("You don't have anything in your portfolio")).toBeVisible();
    const sector = page.getByRole('button', { name: /Information Technology/ });
    await sector.click();
    await expect(sector).toHaveAttribute('aria-expanded', 'true');
    const subIndustry = page.getByRole('button', { name: /^Semiconductors/ });
    await subIndustry.click();
    await expect(subIndustry).toHaveAttribute('aria-expanded', 'true');
    const companies = page.getByRole('list', { name: 'Companies in Semiconductors' });
    await expect(companies).toBeVisible({ timeout: 15_000 });
    await companies.getByRole('link', { name: /Advanced Micro Devices/ }).click();
    await expect(page).toHaveURL(/\/ticker\/NASDAQ:AMD$/);
  });

  test('an unknown company says so', async ({ page }) => {
    await page.goto('/ticker/NASDAQ:ZZZZQ');
    await expect(page.getByText('Company not found')).toBeVisible();
  });
});

test.describe('a watchlist of a registered user', () => {
  test('watch from the stock tracker, see it on the dashboard, remove it', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await registerAndLogin(page);

    await page.goto('/stock/register');
    const picker = page.getByRole('combobox', { name: 'Ticker or company' });
    await picker.fill('AMD');
    await page.getByRole('option', { name: /NASDAQ:AMD/ }).click();
    await expect(page.getByText('Advanced Micro Devices, Inc.').first()).toBeVisible();
    const watch = page.getByRole('checkbox', { name: 'Watch NASDAQ:AMD' });
    await expect(watch).toBeEnabled();
    await watch.check();
    await expect(watch).toBeChecked();

    await page.goto('/dashboard');
    const watchlist = page.getByRole('region', { name: 'Watchlist' });
    const row = watchlist.getByRole('row', { name: /NASDAQ:AMD|AMD/ });
    await expect(row.first()).toBeVisible();
    await watchlist.getByRole('button', { name: 'Remove NASDAQ:AMD from your watchlist' }).click();
    await expect(
      watchlist.getByRole('button', { name: 'Remove NASDAQ:AMD from your watchlist' }),
    ).toHaveCount(0);

    // The top-growth tables fill once the worker has backfilled the market's history.
    const today = page.getByRole('region', { name: 'Top Growth Today' });
    await expect(async () => {
      await page.reload();
      await expect(today.getByRole('link').first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 100_000, intervals: [2_000, 5_000] });
    expect(await today.getByRole('row').count()).toBeLessThanOrEqual(6);
  });
});
