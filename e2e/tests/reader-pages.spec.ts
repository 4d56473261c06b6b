import { expect, test } from '../fixtures.ts';

test.describe('pages a reader meets on the first visit', () => {
  // Cold pages of the app under a loaded machine: each loads the bundle for the first time.
  test.describe.configure({ timeout: 90_000 });

  test('/success and /Cancel speak to a visitor, with no login wall', async ({ page }) => {
    await page.goto('/success');
    await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Please login or register')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

    await page.goto('/Cancel');
    await expect(page.getByRole('heading', { name: "We're sorry to see you go" })).toBeVisible();
    await expect(page.getByText('Please login or register')).toHaveCount(0);
    await page.getByRole('link', { name: 'Send us your feedback' }).click();
    await expect(page).toHaveURL(/\/contact/);
  });

  test('the company page shows its AI review and leads to all its analyses', async ({ page }) => {
    await page.goto('/ticker/NASDAQ:NVDA');
    const review = page.getByRole('region', { name: 'AI review' });
    await expect(review).toBeVisible({ timeout: 30_000 });
    await review.getByRole('link', { name: /All analyses of/ }).click();
    await expect(page).toHaveURL(/\/analysis\/(NASDAQ:)?NVDA/);
  });

  test("the AI feed shows the analyst's plain-English line on its cards", async ({ page }) => {
    await page.goto('/news/latest_ai');
    const first = page.getByRole('article').first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('In plain English:').first()).toBeVisible();
  });
});
