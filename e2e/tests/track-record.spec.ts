import { expect, test } from '../fixtures.ts';

test.describe("the analyst's track record", () => {
  // A fresh server stores its bars, writes and analyses the demo news, then scores the calls:
  // the first record appears within a minute or two of the start.
  test.setTimeout(240_000);

  test('a visitor opens it from the analysis page and reads figures computed on demo data', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/analysis/latest');
    await page.getByRole('link', { name: 'How often was the analyst right?' }).click();
    await expect(page).toHaveURL(/\/analysis\/track-record$/);
    await expect(
      page.getByRole('heading', { level: 1, name: "The analyst's track record" }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/The analyst's track record/);
    await expect(page.getByRole('heading', { name: 'Methodology' })).toBeVisible();

    // The start's run repeats a minute apart while bars and analyses arrive: reload until the
    // record has closed 5-day calls.
    const fiveDays = page.getByRole('group', { name: 'Over 5 days' });
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(/^Computed on demo data/)).toBeVisible();
      await expect(fiveDays.getByText(/^\d+\.\d%$/)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 200_000, intervals: [5_000, 10_000, 15_000] });
    await expect(fiveDays.getByText(/^95% interval /)).toBeVisible();
    await expect(page.getByRole('table', { name: 'By direction' })).toBeVisible();

    // A best call links to its article.
    const best = page.getByRole('table', { name: 'Best calls' });
    const article = best.locator('a[href^="/news/view?id="]').first();
    await expect(article).toBeVisible();
    await article.click();
    await expect(page).toHaveURL(/\/news\/view\?id=/);
  });
});
